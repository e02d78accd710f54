import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** A file reaches another folder through `#shared/…`, `#server/…` or `#client/…` (package.json `imports`), never `../`. */
const noClimbing = {
  group: ['../*'],
  message: 'Import through #shared/, #server/ or #client/ instead of climbing with ../.',
};

export default tseslint.config(
  {
    ignores: [
      'dist*/',
      'data/',
      '.e2e-data*/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
      'bench/results/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-hooks/set-state-in-effect': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/**'],
    ignores: ['src/server/test/isolation.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noClimbing] }] },
  },
  {
    // The layers: the browser never imports server code; shared imports neither side.
    files: ['src/client/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [noClimbing, { regex: '^#server/', message: 'Client code must not import server code.' }] },
      ],
    },
  },
  {
    // The server may read the client's types (what a page prefetches), never run its code. Tests may read client code.
    files: ['src/server/**'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [noClimbing] }],
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^#client/', allowTypeImports: true, message: 'Server code imports only types from the client.' },
          ],
        },
      ],
    },
  },
  {
    // Services hold the rules; routes and plugins call them, never the other way round.
    files: ['src/server/services/**'],
    ignores: ['**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^#client/', allowTypeImports: true, message: 'Server code imports only types from the client.' },
            {
              regex: '^#server/(routes|plugins)/',
              message: 'Services never import routes or plugins: move the shared piece into a service.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noClimbing,
            {
              regex: '^(#server/|#client/|node:|react(-dom)?(/|$))',
              message: 'Shared code stays free of server, client and Node.',
            },
          ],
        },
      ],
    },
  },
);
