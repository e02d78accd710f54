import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * The server may read the client's types (what a page prefetches), never run its code; services hold the rules, and
 * routes and plugins call them, never the other way round. Import paths are relative, so the client layer is « as
 * many `../` as the file is deep, then client/ » (`routes/client/` is the server's own). Tests may read client code.
 */
const serverLayerRules = [0, 1, 2, 3].map((depth) => {
  const patterns = [{
    regex: `^(\\.\\./){${depth + 1}}client/`, allowTypeImports: true, message: 'Server code imports only types from the client.',
  }];
  const files = [`src/server/${'*/'.repeat(depth)}*.{ts,tsx}`];
  return [
    { files, ignores: ['**/*.test.ts'], rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns }] } },
    // services/ is one of those folders: its files at this depth get the services' rule too.
    ...(depth >= 1 ? [{
      files: [`src/server/services/${'*/'.repeat(depth - 1)}*.{ts,tsx}`], ignores: ['**/*.test.ts'],
      rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [...patterns, {
        regex: '^(\\.\\./)+(routes|plugins)/', message: 'Services never import routes or plugins: move the shared piece into a service.',
      }] }] },
    }] : []),
  ];
}).flat();

export default tseslint.config(
  { ignores: ['dist*/', 'data/', '.e2e-data*/', 'node_modules/', 'test-results/', 'playwright-report/', 'bench/results/'] },
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
    // The layers: the browser never imports server code; shared imports neither side.
    files: ['src/client/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['**/server/**'], message: 'Client code must not import server code.' }] }] },
  },
  ...serverLayerRules,
  {
    files: ['src/shared/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['**/server/**', '**/client/**', 'node:*', 'react', 'react-dom'], message: 'Shared code stays free of server, client and Node.' }] }] },
  },
);
