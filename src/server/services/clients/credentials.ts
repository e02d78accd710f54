import { randomInt } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';
import { clients } from '#server/db/schema.ts';
import type { IssuedCredentials } from '#shared/orders/order-api.ts';

// No 0/O, 1/l/I: a password read from an e-mail or over the phone is typed right the first time.
const LOWER = 'abcdefghjkmnpqrstuvwxyz';
const UPPER = 'ABCDEFGHJKMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const ALPHABET = LOWER + UPPER + DIGITS;
const GENERATED_PASSWORD_LENGTH = 16;

const pick = (alphabet: string) => alphabet[randomInt(alphabet.length)]!;

/** 16 characters (about 92 bits) with at least one lower-case letter, one capital and one digit. */
export function generatePassword(length = GENERATED_PASSWORD_LENGTH): string {
  for (;;) {
    const password = Array.from({ length }, () => pick(ALPHABET)).join('');
    if (/[a-z]/.test(password) && /[A-Z]/.test(password) && /\d/.test(password)) return password;
  }
}

/** 'jd…42': what the invoice shows of a username (docs/decisions/031); never used on a password. */
export function usernameHint(username: string): string {
  return username.length <= 4 ? '…' : `${username.slice(0, 2)}…${username.slice(-2)}`;
}

/** 'Jean-Marc Dupont' → 'jdupont': initial of the first name, then the last name, ASCII only. */
export function usernameBase(name: string): string {
  const words = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/\s+/)
    .map((w) => w.replace(/[^a-z0-9]/g, ''))
    .filter(Boolean);
  const base = words.length > 1 ? words[0]![0]! + words.slice(1).join('') : (words[0] ?? '');
  return base.length >= 2 ? base.slice(0, 20) : 'client';
}

/** A username nobody has yet (case-insensitive): the base and 2 digits, or 3 digits when those are taken. */
export async function suggestUsername(db: Tx, name: string): Promise<string> {
  const base = usernameBase(name);
  for (const digits of [2, 3, 4, 5]) {
    const candidates = [
      ...new Set(Array.from({ length: 8 }, () => base + randomInt(10 ** (digits - 1), 10 ** digits))),
    ];
    const taken = await db
      .select({ u: sql<string>`lower(${clients.username})` })
      .from(clients)
      .where(inArray(sql`lower(${clients.username})`, candidates));
    const free = candidates.find((c) => !taken.some((t) => t.u === c));
    if (free) return free;
  }
  throw new Error(`No free username for base ${base}`);
}

export async function suggestCredentials(db: Tx, name: string): Promise<IssuedCredentials> {
  return { username: await suggestUsername(db, name), password: generatePassword() };
}
