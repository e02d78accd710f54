import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiRequestError } from './api.ts';

/**
 * Puts the server's field errors (400 `fieldErrors`) under the form's own fields, the first one focused, and tells
 * whether any was placed: the caller then need not repeat the message in a toast. Unknown fields are ignored.
 * `shownUnder` names a server field the form has no input for and the field its message goes under instead.
 */
export function applyFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  shownUnder: Record<string, Path<T>> = {},
): boolean {
  if (!(error instanceof ApiRequestError) || !error.fieldErrors) return false;
  const { fieldErrors } = error;
  const aliases = Object.entries(shownUnder);
  let placed = false;
  for (const field of fields) {
    const message =
      fieldErrors[field]?.[0] ??
      aliases.map(([from, to]) => (to === field ? fieldErrors[from]?.[0] : undefined)).find(Boolean);
    if (!message) continue;
    setError(field, { type: 'server', message }, { shouldFocus: !placed });
    placed = true;
  }
  return placed;
}
