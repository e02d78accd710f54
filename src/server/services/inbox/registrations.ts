import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';
import { inboxItems } from '#server/db/schema.ts';
import type { RegistrationRef } from '#shared/inbox/inbox-api.ts';
import type { Registration } from '#shared/inbox/registration.ts';
import { publishInboxLive } from '#server/services/live/staff-notices.ts';
import { consentOf } from '#server/services/orders/order-consent.ts';

/**
 * Stores a registration request. A later one for an e-mail that already has a pending request is kept as a new
 * request, never merged into the first: whoever sent it may not be the owner of that address, so nothing they typed
 * may change what the first one says. Staff see both marked as possible duplicates and decide.
 * Open back-office pages are told in the caller's transaction.
 */
export async function createRegistration(db: Tx, input: Registration, now = new Date()): Promise<{ id: number }> {
  const [row] = await db
    .insert(inboxItems)
    .values({
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
      ...consentOf(input, now),
    })
    .returning({ id: inboxItems.id, name: inboxItems.name });
  await publishInboxLive(db, 'inbox.registration', row!);
  return { id: row!.id };
}

/**
 * For each pending registration among `rows`, the other pending registrations for the same e-mail (any case),
 * oldest first: the « Doublon possible » marker of the back-office.
 */
export async function otherPendingRegistrations(
  db: Tx,
  rows: Array<{ id: number; kind: string; status: string; email: string }>,
): Promise<Map<number, RegistrationRef[]>> {
  const pending = rows.filter((r) => r.kind === 'registration' && r.status === 'pending');
  const result = new Map<number, RegistrationRef[]>();
  if (pending.length === 0) return result;
  const emails = [...new Set(pending.map((r) => r.email.toLowerCase()))];
  const sameEmail = await db
    .select({ id: inboxItems.id, name: inboxItems.name, email: inboxItems.email, createdAt: inboxItems.createdAt })
    .from(inboxItems)
    .where(
      and(
        eq(inboxItems.kind, 'registration'),
        eq(inboxItems.status, 'pending'),
        inArray(sql`lower(${inboxItems.email})`, emails),
      ),
    )
    .orderBy(asc(inboxItems.createdAt), asc(inboxItems.id));
  for (const r of pending) {
    const others = sameEmail.filter((o) => o.id !== r.id && o.email.toLowerCase() === r.email.toLowerCase());
    if (others.length)
      result.set(
        r.id,
        others.map((o) => ({ id: o.id, name: o.name, createdAt: o.createdAt.toISOString() })),
      );
  }
  return result;
}
