import type { z } from 'zod';
import { ERROR_STATUS, type ErrorCode } from '#shared/error-codes.ts';

/**
 * An error the client may read: its message is French and says what to do. Its status is its code's
 * (ERROR_STATUS, beside the codes), never chosen where it is thrown.
 */
export class HttpError extends Error {
  readonly statusCode: number;
  constructor(
    public readonly code: ErrorCode,
    message: string,
    public readonly fieldErrors?: Record<string, string[]>,
  ) {
    super(message);
    this.statusCode = ERROR_STATUS[code];
  }
}

export const notFound = (message = 'Élément introuvable') => new HttpError('NOT_FOUND', message);

/** Validates with the same zod schema as the form; failures become 400 with a message under each field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  throw validationError(result.error);
}

/** A zod failure as the 400 every form reads: one French message, and the messages under each field. */
export function validationError(error: z.ZodError): HttpError {
  const fieldErrors: Record<string, string[]> = {};
  let first: string | undefined;
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : '_';
    (fieldErrors[key] ??= []).push(issue.message);
    first ??= issue.message;
  }
  // Several fields saying the same thing (« Veuillez remplir tous les champs ») say it once.
  const distinct = new Set(Object.values(fieldErrors).flat());
  const message =
    distinct.size > 1
      ? 'Certains champs sont invalides : corrigez les erreurs indiquées.'
      : (first ?? 'Requête invalide');
  return new HttpError('VALIDATION', message, fieldErrors);
}
