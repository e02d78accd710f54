import { NBSP } from '#shared/format.ts';

/**
 * The number to dial, digits and a leading + (« 0033 », « +33 (0)6 » and « +33 06 » made « +336 »), or null for what is
 * not one number: a note beside it (« 06 12 34 56 78 (pro) »), two numbers, too few or too many digits. Staff type
 * manual orders' numbers as free text, and the registration form accepts the usual separators
 * (shared/inbox/registration.ts).
 */
function dialable(typed: string): string | null {
  if (!/^[\d\s+().-]+$/.test(typed.trim())) return null;
  let digits = typed.replace(/\(0\)/g, '').replace(/[^\d+]/g, '');
  if (digits.startsWith('00')) digits = `+${digits.slice(2)}`;
  digits = digits.replace(/^\+330/, '+33');
  const count = digits.replace(/^\+/, '').length;
  return digits.lastIndexOf('+') > 0 || count < 9 || count > 15 ? null : digits;
}

/**
 * A French number as people read it, in pairs (« 06 12 34 56 78 », « +33 6 12 34 56 78 »), never split across two
 * lines; another number as it was typed, on one line; anything else as it was typed.
 */
export function formatPhone(typed: string): string {
  const digits = dialable(typed);
  if (!digits) return typed.trim();
  const pairs = (s: string) => s.match(/\d{2}/g)!.join(NBSP);
  if (/^0\d{9}$/.test(digits)) return pairs(digits);
  const french = /^\+33(\d)(\d{8})$/.exec(digits);
  if (french) return `+33${NBSP}${french[1]}${NBSP}${pairs(french[2]!)}`;
  return typed.trim().replace(/\s+/g, NBSP);
}

/** The `tel:` address of a number, or null when what was typed is not one number to dial. */
export function telHref(typed: string): string | null {
  const digits = dialable(typed);
  return digits && `tel:${digits}`;
}

/** A client's number in the back-office: on a phone, a tap calls it; on a desktop, a softphone may. */
export function PhoneLink({ phone }: { phone: string }) {
  const href = telHref(phone);
  if (!href) return <span className="[overflow-wrap:anywhere]">{phone}</span>;
  return (
    <a href={href} className="whitespace-nowrap text-brand-700 underline underline-offset-2 hover:text-brand-800">
      {formatPhone(phone)}
    </a>
  );
}
