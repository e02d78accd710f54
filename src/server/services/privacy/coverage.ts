// Every table of the database, declared once: what « Mes données » exports of it and what an erasure does to it.
// The schema walk (coverage.test.ts) fails on a table missing here, so a new feature's table cannot be forgotten by
// the export or the erasure; the test of a client who used every feature checks each line against what the code does.

/** Where the table's rows are in the export's data.json: a path of keys, arrays crossed (`devices.proofs`). */
type ExportPath = string;

export type TableCoverage =
  | {
      holdsClientData: true;
      /** the path in data.json, or why the rows are left out of the download */
      export: ExportPath | { omitted: string };
      /**
       * deleted: no row of the person is left; blanked: the rows stay (counts, links) without anything naming them or
       * written by or about them; kept: what a law or the accounts require, with the reason.
       */
      erasure: 'deleted' | 'blanked' | { kept: string };
    }
  | { holdsClientData: false; why: string };

const BILLING_KEPT = 'accounting record kept 10 years (Code de commerce L123-22)';
const STAFF_ONLY = 'staff members’ accounts, sessions and access: no client data';
const HELP_ONLY = 'help centre: articles, anonymous answers and searches, tied to no account';

export const PRIVACY_COVERAGE: Record<string, TableCoverage> = {
  clients: { holdsClientData: true, export: 'account', erasure: 'blanked' },
  client_sessions: { holdsClientData: true, export: 'sessions', erasure: 'deleted' },
  password_reset_tokens: { holdsClientData: true, export: 'passwordResetLinks', erasure: 'deleted' },
  devices: { holdsClientData: true, export: 'devices', erasure: 'blanked' },
  device_proofs: { holdsClientData: true, export: 'devices.proofs', erasure: 'deleted' },
  interventions: { holdsClientData: true, export: 'interventions', erasure: 'blanked' },
  intervention_messages: { holdsClientData: true, export: 'interventions.messages', erasure: 'deleted' },
  intervention_attachments: {
    holdsClientData: true,
    export: 'interventions.messages.attachments',
    erasure: 'deleted',
  },
  intervention_ratings: { holdsClientData: true, export: 'interventions.rating', erasure: 'blanked' },
  screen_shares: {
    holdsClientData: true,
    export: 'screenShares',
    erasure: { kept: 'times and duration only, nothing of the screen or voice: counted in the requests’ duration' },
  },
  inbox_items: { holdsClientData: true, export: 'requests', erasure: 'blanked' },
  orders: {
    holdsClientData: true,
    export: 'orders',
    erasure: { kept: `${BILLING_KEPT}; staff notes and the username are blanked` },
  },
  invoices: { holdsClientData: true, export: 'orders.documents', erasure: { kept: BILLING_KEPT } },
  online_payments: { holdsClientData: true, export: 'orders.onlinePayments', erasure: { kept: BILLING_KEPT } },
  provider_intents: {
    holdsClientData: true,
    export: {
      omitted:
        'calls made to the payment provider, naming the staff member who asked: what they did is in ' +
        'orders.onlinePayments and orders.documents',
    },
    erasure: { kept: `${BILLING_KEPT}: evidence of payments and refunds, no name or address in them` },
  },
  outbox: { holdsClientData: true, export: 'emails', erasure: 'blanked' },
  audit_log: { holdsClientData: true, export: 'history', erasure: 'blanked' },
  client_request_versions: {
    holdsClientData: true,
    export: {
      omitted: 'a count of the changes to the list of requests, kept by the database: the requests are exported',
    },
    erasure: { kept: 'a number of changes and the account number, nothing the person wrote or is' },
  },
  live_events: {
    holdsClientData: true,
    export: {
      omitted: 'notices shown on open pages, kept a day: the facts are in interventions and requests',
    },
    erasure: 'deleted',
  },
  live_signals: {
    holdsClientData: true,
    export: { omitted: 'page-to-page messages of a screen share, deleted within ten minutes' },
    erasure: 'deleted',
  },

  staff_users: { holdsClientData: false, why: STAFF_ONLY },
  staff_sessions: { holdsClientData: false, why: STAFF_ONLY },
  staff_recovery_codes: { holdsClientData: false, why: STAFF_ONLY },
  staff_login_challenges: { holdsClientData: false, why: STAFF_ONLY },
  staff_password_tokens: { holdsClientData: false, why: STAFF_ONLY },
  help_articles: { holdsClientData: false, why: HELP_ONLY },
  help_feedback: { holdsClientData: false, why: HELP_ONLY },
  help_article_views: { holdsClientData: false, why: HELP_ONLY },
  help_failed_searches: { holdsClientData: false, why: HELP_ONLY },
  app_settings: { holdsClientData: false, why: 'site settings' },
  payment_events: {
    holdsClientData: false,
    why: 'ids and types of the provider events already handled, tied to no order',
  },
  login_throttle: {
    holdsClientData: false,
    why: 'failed sign-in counts under a hash of the typed name and address, tied to no account',
  },
  rate_limits: {
    holdsClientData: false,
    why: 'per-minute request counts, gone when their window ends; a key holds an account number at most',
  },
};
