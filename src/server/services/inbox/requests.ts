import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { requests } from '../../db/schema';
import type { RegistrationRef } from '../../../shared/admin-api';
import type { Registration } from '../../../shared/schemas/registration';

/**
 * Stores a registration request. A later one for an e-mail that already has a pending request is kept as a new
 * request, never merged into the first: whoever sent it may not be the owner of that address, so nothing they typed
 * may change what the first one says. Staff see both marked as possible duplicates and decide.
 */
export async function createRegistrationRequest(db: Tx, input: Registration): Promise<{ id: number }> {
  const [row] = await db.insert(requests).values({
    kind: 'registration',
    name: `${input.firstName} ${input.lastName}`,
    email: input.email,
    subject: 'Demande d’inscription',
    message: input.deviceInfo,
    firstName: input.firstName,
    lastName: input.lastName,
    phone: input.phone,
    planId: input.planId,
    deviceType: input.deviceType,
    deviceInfo: input.deviceInfo,
  }).returning({ id: requests.id });
  return { id: row!.id };
}

/**
 * For each pending registration among `rows`, the other pending registrations for the same e-mail (any case),
 * oldest first: the « Doublon possible » marker of the back-office.
 */
export async function otherPendingRegistrations(
  db: Tx, rows: Array<{ id: number; kind: string; status: string; email: string }>,
): Promise<Map<number, RegistrationRef[]>> {
  const pending = rows.filter((r) => r.kind === 'registration' && r.status === 'pending');
  const result = new Map<number, RegistrationRef[]>();
  if (pending.length === 0) return result;
  const emails = [...new Set(pending.map((r) => r.email.toLowerCase()))];
  const sameEmail = await db.select({ id: requests.id, name: requests.name, email: requests.email, createdAt: requests.createdAt })
    .from(requests)
    .where(and(eq(requests.kind, 'registration'), eq(requests.status, 'pending'), inArray(sql`lower(${requests.email})`, emails)))
    .orderBy(asc(requests.createdAt), asc(requests.id));
  for (const r of pending) {
    const others = sameEmail.filter((o) => o.id !== r.id && o.email.toLowerCase() === r.email.toLowerCase());
    if (others.length) result.set(r.id, others.map((o) => ({ id: o.id, name: o.name, createdAt: o.createdAt.toISOString() })));
  }
  return result;
}

export async function createContactRequest(
  db: Tx,
  input: { name: string; email: string; subject: string; message: string; captchaAnswer: string },
): Promise<{ id: number }> {
  const [row] = await db.insert(requests).values({ kind: 'contact', ...input }).returning({ id: requests.id });
  return { id: row!.id };
}
