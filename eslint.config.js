import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * The domains, lowest first: a domain's services import only the domains before it in this list, never one after.
 * Within a domain, files import each other directly (`./x.ts`); across domains, through `#server/services/<domain>/`.
 * `src/shared/<domain>/` follows the same order.
 */
export const DOMAINS = [
  'calendar', // Paris days, public holidays, support hours
  'security', // passwords, sessions, the audit journal, sign-in throttling
  'live', // the live event stream to open pages
  'mail', // the outbox and its workers
  'subscriptions', // periods, renewals, reminders
  'clients', // client accounts, credentials, password reset
  'staff', // staff accounts, second factor
  'devices', // a client's devices and their proofs of ownership
  'billing', // invoices, credit notes, their PDFs
  'orders', // orders, pending orders, customers, figures
  'payments', // online payment
  'interventions', // a client's requests for help and their threads
  'remote', // screen sharing from the browser, its sessions on the record
  'inbox', // registrations, contact messages, erasure requests
  'privacy', // a client's data: export and erasure
  'help', // help articles, their French search, what readers tell of them
  'page-reads', // what a server-rendered page reads in one go
  'backup', // the whole database in an archive, and back
];
const above = (domain) => DOMAINS.slice(DOMAINS.indexOf(domain) + 1);
const domainWall = (layer, domain) => ({
  regex: `^#${layer}/${layer === 'server' ? 'services/' : ''}(${above(domain).join('|')})/`,
  message: `${domain} sits below ${above(domain).join(', ')}: move the shared piece down, or hand it in from above.`,
});

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
      // `import { type X }` alone would still load the module at run time.
      '@typescript-eslint/no-import-type-side-effects': 'error',
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
  // The walls between domains, tests included: a domain's test sets up what it needs through its own domain or those
  // below it, or through the fixtures of src/server/test/.
  ...DOMAINS.map((domain) => ({
    files: [`src/server/services/${domain}/**`],
    rules: { 'no-restricted-imports': ['error', { patterns: [noClimbing, domainWall('server', domain)] }] },
  })),
  // Shared code runs on both sides: no server, client or Node; schemas take `z` from common/zod.ts (French messages,
  // no eval under our CSP); and the same walls between domains as the services.
  ...['common', ...DOMAINS].map((domain) => ({
    files: [
      domain === 'common' ? 'src/shared/*.ts' : `src/shared/${domain}/**`,
      ...(domain === 'common' ? ['src/shared/common/**'] : []),
    ],
    ignores: ['src/shared/common/zod.ts'],
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
            {
              regex: '^zod$',
              message: 'Take z from #shared/common/zod.ts: French messages, and no eval under our CSP.',
            },
            domain === 'common'
              ? {
                  regex: `^#shared/(${DOMAINS.join('|')})/`,
                  message: 'common/ and the root files sit below every domain.',
                }
              : domainWall('shared', domain),
          ],
        },
      ],
    },
  })),
);
