// The cast of the attack suite: staff, two clients with an order and a request each, and a registration request.
import { expect } from 'vitest';
import { createTestApp, type TestApp, type TestAppOptions } from '#server/test/harness.ts';
import { interventions, inboxItems } from '#server/db/schema.ts';
import { clientLogin, postOrder, staffLogin } from '#server/test/fixtures.ts';
import { todayIso } from '#shared/format.ts';

export type Party = { headers: Record<string, string>; clientId: number; orderId: number; interventionId: number };
export type World = {
  t: TestApp;
  staff: Record<string, string>;
  alice: Party;
  bruno: Party;
  registrationId: number;
};

export const PASSWORDS = { alice: 'Tournesol-violet-2026', bruno: 'Papillon-orange-2026' } as const;

async function party(t: TestApp, staff: Record<string, string>, username: 'alice' | 'bruno'): Promise<Party> {
  const created = await postOrder(t, staff, {
    clientName: `${username[0]!.toUpperCase()}${username.slice(1)} Test`,
    clientEmail: `${username}@exemple.fr`,
    username,
    password: PASSWORDS[username],
    plan: 'famille',
    orderDate: todayIso(),
  });
  const clientId = created.order.clientId!;
  const [intervention] = await t.db
    .insert(interventions)
    .values({ clientId, title: 'Demande d’assistance', description: `Panne de ${username}` })
    .returning();
  return {
    headers: await clientLogin(t, username, PASSWORDS[username]),
    clientId,
    orderId: created.id,
    interventionId: intervention!.id,
  };
}

export async function buildWorld(env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<World> {
  const t = await createTestApp(env, options);
  const staff = await staffLogin(t);
  const alice = await party(t, staff, 'alice');
  const bruno = await party(t, staff, 'bruno');
  const [registration] = await t.db
    .insert(inboxItems)
    .values({
      kind: 'registration',
      name: 'Anne Martin',
      email: 'anne@exemple.fr',
      firstName: 'Anne',
      lastName: 'Martin',
      phone: '0611223344',
    })
    .returning();
  expect(alice.clientId).not.toBe(bruno.clientId);
  return { t, staff, alice, bruno, registrationId: registration!.id };
}

/** A distinct loopback address per call, so per-address limits meant for attackers do not stop a test's own calls. */
let nextAddress = 0;
export function freshAddress(): string {
  nextAddress += 1;
  return `127.${(nextAddress >> 16) & 255}.${(nextAddress >> 8) & 255}.${nextAddress & 255 || 1}`;
}
