/**
 * Every request limit of the API, in one table: routes read their entry here, never write numbers of their own.
 * Counted by @fastify/rate-limit in the database (plugins/rate-limit-store.ts), so the same for every instance.
 * Per address unless the route gives a key of its own (per signed-in client). Sign-ins are decided by the
 * database counts of services/security/login-throttle.ts; the limits on them here are only a cheap flood guard in front.
 */
export const RATE_LIMITS = {
  /** Staff sign-in, its second-factor steps and a member's own code checks, per address. */
  staffSignIn: { max: 30, timeWindow: '1 minute' },
  /** The download tab's secret code: a guess costs one of these. */
  staffUnlock: { max: 10, timeWindow: '1 minute' },
  /** A new staff member setting a password from the e-mailed link (the single-use token is the proof). */
  staffSetPassword: { max: 10, timeWindow: '1 minute' },
  /** Registration and contact forms, per address: a person sends one, a script is stopped. */
  publicForm: { max: 10, timeWindow: '1 minute' },
  /** Invoice verification per address; a buildApp option may raise it (the benchmarks). */
  verifyInvoice: { max: 60, timeWindow: '1 minute' },
  /** Client sign-in, per address. */
  clientSignIn: { max: 20, timeWindow: '1 minute' },
  /** « Mot de passe oublié », per address: a person who mistypes retries a few times; a script asking for every address is stopped. */
  forgotPassword: { max: 5, timeWindow: '15 minutes' },
  /** The reset token has 256 bits, so this only stops noise; a mistyped new password costs one try. */
  resetPassword: { max: 20, timeWindow: '15 minutes' },
  /** Per signed-in client: enough for a person, too few to guess a current password with a borrowed session. */
  clientPassword: { max: 10, timeWindow: '15 minutes' },
  /** « Mes données »: the export reads every table about the client, a person needs it rarely. */
  clientExport: { max: 10, timeWindow: '1 minute' },
  /** New assistance requests, one allowance shared by the client area's and the dashboard's call, per client. */
  clientInterventionCreation: { max: 10, timeWindow: '1 minute' },
  /** Messages in the thread of a request, per client. */
  clientMessage: { max: 30, timeWindow: '1 minute' },
  /** Closing and rating one's own requests, per client. */
  clientFeedback: { max: 30, timeWindow: '1 minute' },
  /** Questions put to the help centre by a person (the chat bot), per address: each miss is kept for staff. */
  helpAsked: { max: 30, timeWindow: '1 minute' },
  /** « Cet article vous a-t-il aidé ? » and « Cela a résolu mon problème », per address. */
  helpAnswer: { max: 20, timeWindow: '1 minute' },
  /** A screen share's signals, per person: a connection takes a few dozen, a flood is stopped. */
  screenShareSignal: { max: 180, timeWindow: '1 minute' },
  /** The sharing page's sign of life (one each 30 s), per client, apart from the signals so that a burst of them
   * cannot silence a share. */
  screenShareAlive: { max: 12, timeWindow: '1 minute' },
  /** Starting, joining and ending screen shares, per person. */
  screenShareStart: { max: 20, timeWindow: '1 minute' },
} as const satisfies Record<string, { max: number; timeWindow: string }>;

/** A limit's window in milliseconds, for the counts kept outside @fastify/rate-limit (plugins/help-pages.ts). */
export const WINDOW_MS = { '1 minute': 60_000, '15 minutes': 900_000 } as const satisfies Record<
  (typeof RATE_LIMITS)[keyof typeof RATE_LIMITS]['timeWindow'],
  number
>;
