/**
 * Whether an error means the database cannot be reached (stopped, restarting, network gone), as opposed to a query
 * that failed on its own: the first is worth a 503 « come back in a moment », the second is a bug (500). Drizzle wraps
 * the driver's error in `cause`; Node's connection errors can come as an AggregateError of one per address.
 */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  // PostgreSQL: admin_shutdown, crash_shutdown, cannot_connect_now (starting up or shutting down), too_many_connections
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);
/** node-postgres says so only in words: a connection closed under a query, or no connection within the pool's timeout. */
const CONNECTION_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection refused/i;

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  const { code, message, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  // SQLSTATE class 08: connection exceptions.
  if (typeof code === 'string' && (CONNECTION_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
  if (typeof message === 'string' && CONNECTION_MESSAGES.test(message)) return true;
  if (Array.isArray(errors) && errors.some((e) => isDatabaseUnavailable(e, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}

export const DATABASE_UNAVAILABLE =
  'Service momentanément indisponible : la base de données ne répond pas. Réessayez dans un instant.';
/** what a browser or a tool is told to wait before trying again, in seconds */
export const RETRY_AFTER_SECONDS = 5;
