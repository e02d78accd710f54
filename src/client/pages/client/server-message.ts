import { ApiRequestError } from '../../lib/api';

/** The server's own French message when it sent one; the wrapper's "404: Not Found" style text is not for people. */
export function serverMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiRequestError && error.message && !/^\d{3}: /.test(error.message)) return error.message;
  return fallback;
}
