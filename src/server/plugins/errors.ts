import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DATABASE_UNAVAILABLE, isDatabaseUnavailable, RETRY_AFTER_SECONDS } from '#server/db/unavailable.ts';
import { ERROR_STATUS, type ErrorAnswer, type ErrorCode } from '#shared/error-codes.ts';
import { HttpError } from '#server/http-error.ts';
import { loggedUrl } from './logging.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** the 413 of a route whose bodyLimit is not the default 100 KB: what to send instead */
    bodyTooLarge?: string;
  }
}

// Fastify's own client errors, in French and with our codes: none of them is the server's fault.
const FASTIFY_ERRORS: Record<string, [ErrorCode, string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: ['BODY_TOO_LARGE', 'La requête est trop volumineuse (100 Ko au maximum).'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: ['UNSUPPORTED_MEDIA_TYPE', 'Format de requête non pris en charge : envoyez du JSON.'],
  FST_ERR_CTP_EMPTY_JSON_BODY: ['EMPTY_BODY', 'Le corps de la requête est vide.'],
  FST_ERR_CTP_INVALID_JSON_BODY: ['INVALID_JSON', 'Le corps de la requête n’est pas un JSON valide.'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: ['INVALID_LENGTH', 'Longueur de requête invalide.'],
  FST_ERR_BAD_URL: ['BAD_URL', 'Adresse invalide.'],
  FST_ERR_MAX_PARAM_LENGTH: ['URL_TOO_LONG', 'Adresse trop longue.'],
  FST_ERR_ASYNC_CONSTRAINT: ['INVALID_REQUEST', 'Requête invalide.'],
};
const INVALID_REQUEST: [ErrorCode, string] = ['INVALID_REQUEST', 'Requête invalide.'];
/** Another library's client error by its status, under the code that has that status (else a plain 400). */
const CODE_OF_STATUS: Partial<Record<number, ErrorCode>> = {
  404: 'NOT_FOUND',
  413: 'BODY_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

/** Every error answer's shape, typed so that a code outside the shared list does not compile. */
const answer = (code: ErrorCode, message: string, fieldErrors?: Record<string, string[]>): ErrorAnswer =>
  fieldErrors ? { code, message, fieldErrors } : { code, message };

/** An error answer with its code's one status (ERROR_STATUS). */
const sendError = (reply: FastifyReply, code: ErrorCode, message: string, fieldErrors?: Record<string, string[]>) =>
  reply.status(ERROR_STATUS[code]).send(answer(code, message, fieldErrors));

/**
 * What the router refuses before any hook runs (`/%` cannot be decoded, an id longer than maxParamLength):
 * the same French JSON as every other error rather than Fastify's English default.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const [code, message] = FASTIFY_ERRORS[error.code] ?? INVALID_REQUEST;
  sendError(reply.header('x-content-type-options', 'nosniff'), code, message);
}

/** A browser navigating to a page (not a call of ours under /api) reads a page, not JSON. */
function wantsPage(request: FastifyRequest): boolean {
  return (
    request.method === 'GET' && !request.url.startsWith('/api/') && (request.headers.accept ?? '').includes('text/html')
  );
}

/** Plain and self-contained (no script, no style to allow): the page reloads itself after the wait. */
function unavailablePage(): string {
  return (
    `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta http-equiv="refresh" content="${RETRY_AFTER_SECONDS * 2}"><title>Service momentanément indisponible</title></head>` +
    `<body><main><h1>Service momentanément indisponible</h1><p>${DATABASE_UNAVAILABLE}</p>` +
    '<p>Cette page se recharge toute seule dans quelques secondes.</p></main></body></html>'
  );
}

const NOT_FOUND_MESSAGE = 'Ressource introuvable.';
/** The 404 of a path nothing serves, API or page alike. */
export const notFoundAnswer = (): ErrorAnswer => answer('NOT_FOUND', NOT_FOUND_MESSAGE);

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return sendError(reply, error.code, error.message, error.fieldErrors);
    }
    const known = error.code ? FASTIFY_ERRORS[error.code] : undefined;
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      // Refused from its Content-Length or while it arrived: the rest is never read, so the connection closes after.
      return sendError(reply, 'BODY_TOO_LARGE', request.routeOptions.config.bodyTooLarge ?? known![1]);
    }
    if (known) return sendError(reply, ...known);
    if (error instanceof SyntaxError || (error as { type?: string }).type === 'entity.parse.failed') {
      return sendError(reply, ...FASTIFY_ERRORS.FST_ERR_CTP_INVALID_JSON_BODY!);
    }
    if (error.statusCode === 429) {
      return sendError(reply, 'RATE_LIMITED', 'Trop de tentatives. Patientez un instant puis réessayez.');
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ err: error }, 'client error');
      return sendError(reply, CODE_OF_STATUS[error.statusCode] ?? 'INVALID_REQUEST', INVALID_REQUEST[1]);
    }
    if (isDatabaseUnavailable(error)) {
      // Nothing was written (every change runs in a transaction); the server reconnects by itself once it is back.
      request.log.warn(
        { url: loggedUrl(request.url), method: request.method, code: (error as { code?: string }).code },
        'database unavailable',
      );
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      return wantsPage(request)
        ? reply.status(ERROR_STATUS.DATABASE_UNAVAILABLE).type('text/html; charset=utf-8').send(unavailablePage())
        : sendError(reply, 'DATABASE_UNAVAILABLE', DATABASE_UNAVAILABLE);
    }
    request.log.error({ err: error, url: loggedUrl(request.url), method: request.method }, 'request failed');
    return sendError(
      reply,
      'SERVER_ERROR',
      'Une erreur est survenue de notre côté. Veuillez réessayer dans un instant.',
    );
  });

  app.setNotFoundHandler((request, reply) => {
    sendError(reply, 'NOT_FOUND', NOT_FOUND_MESSAGE);
  });
}
