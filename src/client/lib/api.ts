import type { ErrorAnswer, ErrorCode } from '#shared/error-codes.ts';

/** The one fetch wrapper: JSON in and out, cookies sent, failures thrown as ApiRequestError with the server's French message. */
export class ApiRequestError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly fieldErrors?: Record<string, string[]>,
    /** the server's code (what the page decides by), or NETWORK when no answer came */
    public readonly code?: ErrorCode | 'NETWORK',
  ) {
    super(message);
  }
}

export const NETWORK_ERROR = 'Erreur de connexion. Veuillez réessayer.';

/** The server's own French message when it sent one; a bare "404: Not Found" from the wrapper is not for people. */
export function serverMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiRequestError && error.message && !/^\d{3}: /.test(error.message)) return error.message;
  return fallback;
}

export async function apiRaw(path: string, init: RequestInit & { json?: unknown } = {}): Promise<Response> {
  const { json, headers, ...rest } = init;
  let response: Response;
  try {
    response = await fetch(path, {
      credentials: 'same-origin',
      ...rest,
      headers: { ...(json !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
      body: json !== undefined ? JSON.stringify(json) : rest.body,
    });
  } catch {
    throw new ApiRequestError(0, NETWORK_ERROR, undefined, 'NETWORK');
  }
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    const body = errorAnswerOf(text);
    throw new ApiRequestError(
      response.status,
      body?.message ?? failureMessage(response, text),
      body?.fieldErrors,
      body?.code,
    );
  }
  return response;
}

function errorAnswerOf(text: string): Partial<ErrorAnswer> | undefined {
  try {
    const body: unknown = JSON.parse(text);
    return body && typeof body === 'object' ? (body as Partial<ErrorAnswer>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * docs/specification.md §7, for an answer without the server's message (a proxy's, a stand-in's): `{status}: {body}`,
 * or the status text when the body is empty or a web page (markup is not a sentence). Only staff screens show it as it
 * is; people read a fallback sentence instead (serverMessage).
 */
function failureMessage(response: Response, text: string): string {
  const body = text.trim();
  const page = /html/i.test(response.headers.get('content-type') ?? '') || body.startsWith('<');
  return `${response.status}: ${body && !page ? body : response.statusText}`;
}

export async function api<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  const response = await apiRaw(path, init);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/** List calls send the full count in X-Total-Count (docs/decisions/030). */
export async function apiList<T>(path: string): Promise<{ items: T[]; total: number }> {
  const response = await apiRaw(path);
  const items = (await response.json()) as T[];
  return {
    items: Array.isArray(items) ? items : [],
    total: Number(response.headers.get('x-total-count') ?? items.length),
  };
}
