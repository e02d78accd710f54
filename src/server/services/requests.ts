import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { requests } from '../db/schema';
import type { Registration } from '../../shared/schemas/registration';

/** Stores a registration request; a second pending one for the same e-mail is absorbed, not duplicated. */
export async function createRegistrationRequest(db: Tx, input: Registration): Promise<{ id: number; created: boolean }> {
  const inserted = await db.insert(requests).values({
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
  // The only unique rule a new request can meet is the partial index on pending registrations by e-mail.
  }).onConflictDoNothing().returning({ id: requests.id });
  if (inserted[0]) return { id: inserted[0].id, created: true };
  const existing = await db.select({ id: requests.id }).from(requests)
    .where(sql`lower(${requests.email}) = lower(${input.email}) and ${requests.kind} = 'registration' and ${requests.status} = 'pending'`)
    .limit(1);
  return { id: existing[0]!.id, created: false };
}

export async function createContactRequest(
  db: Tx,
  input: { name: string; email: string; subject: string; message: string; captchaAnswer: string },
): Promise<{ id: number }> {
  const [row] = await db.insert(requests).values({ kind: 'contact', ...input }).returning({ id: requests.id });
  return { id: row!.id };
}
