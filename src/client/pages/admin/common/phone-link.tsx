import { NBSP } from '#shared/format.ts';

/**
 * A French number as people read it, in pairs (« 06 12 34 56 78 », « +33 6 12 34 56 78 »), never split across two
 * lines; any other number as the client typed it. Clients type theirs in every shape (the registration form accepts
 * digits and the usual separators, shared/inbox/registration.ts).
 */
export function formatPhone(typed: string): string {
  const digits = typed.replace(/[^\d+]/g, '');
  const pairs = (s: string) => s.match(/\d{2}/g)!.join(NBSP);
  if (/^0\d{9}$/.test(digits)) return pairs(digits);
  const international = /^(?:\+|00)33(\d)(\d{8})$/.exec(digits);
  if (international) return `+33${NBSP}${international[1]}${NBSP}${pairs(international[2]!)}`;
  return typed.trim().replace(/\s+/g, NBSP);
}

/** The number for a `tel:` link: digits and a leading +, what a phone's dialler reads. */
export function telHref(typed: string): string {
  const digits = typed.replace(/[^\d+]/g, '');
  return `tel:${digits.startsWith('00') ? `+${digits.slice(2)}` : digits}`;
}

/** A client's number in the back-office: on a phone, a tap calls it; on a desktop, a softphone may. */
export function PhoneLink({ phone }: { phone: string }) {
  return (
    <a
      href={telHref(phone)}
      className="whitespace-nowrap text-brand-700 underline underline-offset-2 hover:text-brand-800"
    >
      {formatPhone(phone)}
    </a>
  );
}
