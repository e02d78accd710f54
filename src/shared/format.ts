// Display formats shared by the site, the back-office and the PDF invoices (fr-FR everywhere).
const euro = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
const euroWhole = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 });
const euroCompact = new Intl.NumberFormat('fr-FR', {
  style: 'currency',
  currency: 'EUR',
  notation: 'compact',
  minimumFractionDigits: 0,
  maximumFractionDigits: 1,
});
const dateFmt = new Intl.DateTimeFormat('fr-FR', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: 'Europe/Paris',
});
const dateTimeFmt = new Intl.DateTimeFormat('fr-FR', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Paris',
});

/** A date and time with plain spaces: « 29/11/2026 14:05 » may wrap between the day and the hour. */
const plainSpaces = (s: string) => s.replace(/[\u202f\u00a0]/g, ' ');

/**
 * An amount that never splits across two lines (« 1 250,00 » at a line's end and « € » on the next, on a phone): Intl's
 * spaces made no-break spaces of the common kind, which every font has and which PDF text and e-mails keep as written.
 */
export function formatEuro(amount: number | string, { whole = false, compact = false } = {}): string {
  const parsed = typeof amount === 'string' ? Number(amount) : amount;
  const n = Number.isFinite(parsed) ? parsed : 0;
  // `whole` (the back-office's totals) leaves out « ,00 », never cents there are: 12,50 € of a partial credit note is
  // not rounded to 13 €. `compact`, for a chart's narrow labels: « 1,2 k € », « 850 € », beside the exact figure.
  const format = compact ? euroCompact : whole && Math.round(n * 100) % 100 === 0 ? euroWhole : euro;
  return format.format(n).replace(/[\u202f\u00a0]/g, NBSP);
}

/** The no-break space of amounts (formatEuro), for a test or a page that writes one itself. */
export const NBSP = '\u00a0';

function toDate(value: string | Date): Date {
  // A bare YYYY-MM-DD is a calendar day: read it at noon UTC so no time zone moves it to another day.
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return new Date(`${value}T12:00:00Z`);
  return value instanceof Date ? value : new Date(value);
}

export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '-';
  const d = toDate(value);
  return Number.isNaN(d.getTime()) ? '-' : dateFmt.format(d);
}

export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '-';
  const d = toDate(value);
  return Number.isNaN(d.getTime()) ? '-' : plainSpaces(dateTimeFmt.format(d));
}

export function formatCredits(n: number): string {
  return n.toLocaleString('fr-FR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

// Built once: constructing an Intl formatter costs far more than formatting with it (this runs on every dashboard read).
// Read by its parts: a locale's written form (en-CA's YYYY-MM-DD) is locale data, which browsers have changed before.
const parisDay = new Intl.DateTimeFormat('en-US', {
  timeZone: 'Europe/Paris',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today's calendar date in Paris, as YYYY-MM-DD. */
export function todayIso(now = new Date()): string {
  let year = '';
  let month = '';
  let day = '';
  for (const { type, value } of parisDay.formatToParts(now)) {
    if (type === 'year') year = value;
    else if (type === 'month') month = value;
    else if (type === 'day') day = value;
  }
  return `${year}-${month}-${day}`;
}

/** Euros as the order stores them ('35.00') into cents (a payment provider's unit). */
export const toCents = (price: string): number => Math.round(Number(price) * 100);
