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
    let body: Partial<ErrorAnswer> = {};
    try {
      body = (await response.json()) as ErrorAnswer;
    } catch {
      /* not JSON: keep the status text */
    }
    throw new ApiRequestError(
      response.status,
      body.message ?? `${response.status}: ${response.statusText}`,
      body.fieldErrors,
      body.code,
    );
  }
  return response;
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
