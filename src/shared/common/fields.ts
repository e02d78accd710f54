import { z } from './zod.ts';

// Control characters (NUL, bell… but tab and line breaks) and the bidirectional overrides that can disguise a name
// or a file name on screen: no person types them, PostgreSQL refuses NUL, and a reader can be fooled by the others.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNPRINTABLE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;
export const UNPRINTABLE_MESSAGE = 'Ce champ contient des caractères non autorisés';

// Half of a pair that encodes one character (an emoji…), alone: no keyboard makes one, a JSON body can carry it
// (« \ud800 »), and PostgreSQL refuses it in a JSON column (an audit entry, a live event), the text stored beside it.
const LONE_SURROGATE = /\p{Cs}/u;

/** True when the text holds no control or direction-override character, and no half of a character. */
export const isPrintable = (s: string) => !UNPRINTABLE.test(s) && !LONE_SURROGATE.test(s);

const EVERY_UNPRINTABLE = new RegExp(`${UNPRINTABLE.source}|${LONE_SURROGATE.source}`, 'gu');

/**
 * The text with each character `isPrintable` refuses read as a space: for what a page takes from its address (a
 * search typed in a link), where there is no form to send back with a message.
 */
export const printableOnly = (s: string) => s.replace(EVERY_UNPRINTABLE, ' ');

/** The longest text a person writes in one field (a description, notes): the forms' text areas stop there too. */
export const LONG_TEXT_MAX = 2000;
/** « La description ne peut pas dépasser 2000 caractères »: `subject` names the field, singular. */
export const longTextMessage = (subject = 'Ce champ') => `${subject} ne peut pas dépasser ${LONG_TEXT_MAX} caractères`;

/** Trimmed text with a French message for a minimum and a generous maximum (nobody types 10,000 characters). */
export function text(min: number, message: string, max = 200) {
  return z
    .string({ error: message })
    .trim()
    .min(min, message)
    .max(max, `Ce champ ne peut pas dépasser ${max} caractères`)
    .refine(isPrintable, UNPRINTABLE_MESSAGE);
}

export function optionalText(max = 200) {
  return z
    .string({ error: 'Ce champ doit être un texte' })
    .trim()
    .max(max, `Ce champ ne peut pas dépasser ${max} caractères`)
    .refine(isPrintable, UNPRINTABLE_MESSAGE)
    .optional()
    .default('');
}

export function email(message: string) {
  return z
    .string({ error: message })
    .trim()
    .max(254, message)
    .pipe(z.email({ error: message }));
}

/**
 * Years a date of ours may fall in. PostgreSQL has no year 0 and a year-9999 order's subscription would end in
 * 10000: both were 500s. Nothing here happens before 1900 or after 2999.
 */
const DATE_YEARS = { min: 1900, max: 2999 } as const;

/** A real calendar day as YYYY-MM-DD (2025-02-30 is refused) within DATE_YEARS; one check, so one message under the field. */
export const isoDate = z.string({ error: 'Date invalide' }).refine((s) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const year = Number(s.slice(0, 4));
  if (year < DATE_YEARS.min || year > DATE_YEARS.max) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
}, 'Date invalide');

/** A range of days whose ends are both optional (`?from=…&to=…`): it may not end before it starts. */
export const daysInOrderOf = (range: { from?: string; to?: string }) =>
  !range.from || !range.to || range.from <= range.to;
export const DAYS_OUT_OF_ORDER = 'La date de fin doit être le même jour que la date de début ou après.';

/** A query with such a range: one that ends first would answer nothing, as if nothing had happened (400 on `to`). */
export const daysInOrder = <T extends z.ZodType<{ from?: string; to?: string }>>(query: T) =>
  query.refine(daysInOrderOf, { message: DAYS_OUT_OF_ORDER, path: ['to'] });

/** The error body every API failure sends. */

export const isoDay = z.string(); // YYYY-MM-DD, a calendar day in Paris
export const isoInstant = z.string();

export const required = (message: string) => z.string({ error: message }).min(1, message).max(200, message);
// Trim before the minimum, so an identifier of spaces counts as missing (a password is kept as typed).
export const requiredTrimmed = (message: string) =>
  z.string({ error: message }).trim().min(1, message).max(200, message).refine(isPrintable, message);
