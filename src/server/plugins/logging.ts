import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';

// What log lines may hold. Logs are read by more people, kept longer and copied further than the database: no
// password, token, cookie, e-mail body, request body or value of a failed SQL statement goes into one.

/** The path, never the query string (a reset link's token, a search for someone's name). */
export function loggedUrl(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : `${url.slice(0, query)}?…`;
}

type DbError = Error & {
  code?: string;
  severity?: string;
  table?: string;
  column?: string;
  constraint?: string;
  routine?: string;
};

const isDbError = (error: unknown): error is DbError =>
  error instanceof Error &&
  typeof (error as DbError).code === 'string' &&
  /^[0-9A-Z]{5}$/.test((error as DbError).code!) &&
  typeof (error as DbError).severity === 'string';

/** PostgreSQL quotes the values it complains about (`invalid input syntax for type integer: "…"`): hide them all. */
const withoutQuoted = (text: string) => text.replace(/"[^"\n]*"/g, '"…"');
/** The frames only: the first lines of a stack repeat the message. */
const framesOf = (stack: string | undefined) =>
  stack
    ?.split('\n')
    .filter((line) => line.startsWith('    at '))
    .join('\n');

type LoggedError = { type: string; message: string; stack: string; [key: string]: unknown };

/**
 * An error as a log line shows it: only named fields, whatever the error carries. A failed query (Drizzle wraps it
 * with its parameters, in `params` and in its message) keeps its SQL text, which is ours, and the database's code and
 * names; its values stay out.
 */
function loggedError(error: Error, depth = 0): LoggedError {
  // pino hands over whatever sits under `err`: a thrown string or object is shown as a type and no content.
  if (!(error instanceof Error)) return { type: typeof error, message: 'not an Error', stack: '' };
  const fields = error as Error & { code?: unknown; statusCode?: unknown; query?: unknown };
  const cause = depth < 3 && error.cause instanceof Error ? loggedError(error.cause, depth + 1) : undefined;
  if (typeof fields.query === 'string' || isDbError(error)) {
    const db = isDbError(error) ? error : isDbError(error.cause) ? error.cause : undefined;
    return {
      type: error.constructor.name,
      message: 'database error',
      ...(typeof fields.query === 'string' ? { query: fields.query } : {}),
      ...(db
        ? {
            code: db.code,
            table: db.table,
            column: db.column,
            constraint: db.constraint,
            routine: db.routine,
            dbMessage: withoutQuoted(db.message),
          }
        : {}),
      stack: framesOf(error.stack) ?? '',
    };
  }
  return {
    type: error.constructor.name,
    message: error.message,
    stack: error.stack ?? '',
    ...(typeof fields.code === 'string' ? { code: fields.code } : {}),
    ...(typeof fields.statusCode === 'number' ? { statusCode: fields.statusCode } : {}),
    ...(cause !== undefined ? { cause } : {}),
  };
}

/** Fastify's logger options: the serializers above, and redaction of what should never be logged by anyone. */
export const LOG_OPTIONS = {
  serializers: {
    err: loggedError,
    req: (request: FastifyRequest) => ({
      method: request.method,
      url: loggedUrl(request.url),
      remoteAddress: request.ip,
    }),
  },
  redact: {
    paths: [
      'req.headers.cookie',
      'req.headers.authorization',
      'headers.cookie',
      'headers.authorization',
      'res.headers["set-cookie"]',
      'headers["set-cookie"]',
      'password',
      '*.password',
      'newPassword',
      '*.newPassword',
      'currentPassword',
      '*.currentPassword',
      'token',
      '*.token',
      'body',
      '*.body',
      'text',
      'html',
      'params',
      '*.params',
    ],
    censor: '[masqué]',
  },
};

/**
 * One line per request, once it is answered: method, path, address, status and time. Fastify's own request logging
 * writes two (« incoming request », then « request completed » without the path); on a small keyed read the pair cost
 * about 7 % of the server's time (docs/quality.md « The client's hot reads »). A request that fails still logs its
 * error (plugins/errors.ts and Fastify's own lines), so nothing is lost but the line of its arrival.
 *
 * The line holds only what the serializers choose (the path without its query, the status), never a header or a body,
 * so it skips the redaction paths: walking them cost as much as writing the rest of the line, on every request.
 */
export class OneLinePerRequest extends LogController {
  readonly #answered = new WeakMap<FastifyBaseLogger, FastifyBaseLogger>();

  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (error) return super.requestCompleted(error, request, reply);
    const root = request.server.log;
    let answered = this.#answered.get(root);
    if (!answered) this.#answered.set(root, (answered = root.child({}, { redact: [] })));
    answered.info(
      { reqId: request.id, req: request, res: reply, responseTime: reply.elapsedTime },
      'request completed',
    );
  }
}
