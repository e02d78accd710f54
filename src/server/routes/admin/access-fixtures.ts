import Fastify from 'fastify';
import { eq } from 'drizzle-orm';
import {
  clients,
  deviceProofs,
  devices,
  helpArticles,
  interventions,
  outbox,
  inboxItems,
  screenShares,
  staffUsers,
} from '#server/db/schema.ts';
import { hashPassword } from '#server/services/security/passwords.ts';
import { createClientSession, hashSessionToken } from '#server/services/security/sessions.ts';
import type { StaffRole } from '#shared/staff/staff-labels.ts';
import { serializerCompiler, validatorCompiler } from '#server/http-schema.ts';
import type { Config } from '#server/config.ts';
import { TEST_ADMIN, type TestApp } from '#server/test/harness.ts';
import { postOrder, staffLogin } from '#server/test/fixtures.ts';
import { todayIso } from '#shared/format.ts';
import { adminRoutes } from './index.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type Call = { method: Method; url: string; payload?: object; status: number };
export const TECHNICIAN = { username: 'tech', password: 'motdepasse-technicien' };

/** The route table as Fastify builds it: each admin route with the roles it declares. */
export async function routeTable(): Promise<Map<string, readonly StaffRole[] | undefined>> {
  const probe = Fastify();
  // The routes declare zod schemas: the probe compiles them as the app does.
  probe.setValidatorCompiler(validatorCompiler);
  probe.setSerializerCompiler(serializerCompiler);
  // Routes read settings as they register (online payment is off without its keys): an empty set of them.
  probe.decorate('config', {} as Config);
  const table = new Map<string, readonly StaffRole[] | undefined>();
  probe.addHook('onRoute', (route) => {
    const roles = (route.config as { roles?: readonly StaffRole[] } | undefined)?.roles;
    for (const method of [route.method].flat()) if (method !== 'HEAD') table.set(`${method} ${route.url}`, roles);
  });
  await probe.register(adminRoutes, { prefix: '/api/admin' });
  await probe.ready();
  await probe.close();
  return table;
}

export const routeOf = (c: Pick<Call, 'method' | 'url'>) =>
  `${c.method} ${c.url.split('?')[0]!.replace(/\/\d+(?=\/|$)/g, '/:id')}`;

/** What the role matrix's calls act on, made for one role: an order and its client, requests, devices, the team… */
export async function matrixObjects(t: TestApp, role: StaffRole, adminHeaders: Record<string, string>, n: number) {
  const [otherSession] = (
    await t.app.inject({
      method: 'GET',
      url: '/api/admin/sessions',
      headers: role === 'admin' ? await staffLogin(t) : await staffLogin(t, TECHNICIAN),
    })
  ).json();
  // A plan running today: staff can open a request for this client.
  const order = await postOrder(t, adminHeaders, {
    username: `client${n}`,
    password: 'motdepasse-client',
    clientEmail: `client${n}@exemple.fr`,
    orderDate: todayIso(t.clock.now()),
  });
  const [registration] = await t.db
    .insert(inboxItems)
    .values({
      kind: 'registration',
      name: 'Anne Martin',
      email: `anne${n}@exemple.fr`,
      firstName: 'Anne',
      lastName: 'Martin',
      phone: '0611223344',
    })
    .returning();
  const [intervention] = await t.db
    .insert(interventions)
    .values({
      clientId: order.order.clientId!,
      title: 'Demande d’assistance',
      description: 'Écran noir',
    })
    .returning();
  const [leaving] = await t.db
    .insert(clients)
    .values({ name: 'Paul Durand', email: `paul${n}@exemple.fr` })
    .returning();
  const [erasure] = await t.db
    .insert(inboxItems)
    .values({ kind: 'erasure', name: 'Paul Durand', email: `paul${n}@exemple.fr`, clientId: leaving!.id })
    .returning();
  const [staying] = await t.db
    .insert(clients)
    .values({ name: 'Marc Petit', email: `marc${n}@exemple.fr` })
    .returning();
  const [kept] = await t.db
    .insert(inboxItems)
    .values({ kind: 'erasure', name: 'Marc Petit', email: `marc${n}@exemple.fr`, clientId: staying!.id })
    .returning();
  // Created four years ago, never subscribed: past the account's retention period, an admin may anonymise it.
  const [expired] = await t.db
    .insert(clients)
    .values({ name: 'Jean Ancien', email: `ancien${n}@exemple.fr`, createdAt: new Date('2020-01-15T10:00:00Z') })
    .returning();
  const [refused] = await t.db
    .insert(inboxItems)
    .values({
      kind: 'registration',
      name: 'Léa Moreau',
      email: `lea${n}@exemple.fr`,
      firstName: 'Léa',
      lastName: 'Moreau',
      phone: '0611223344',
    })
    .returning();
  const [failedMail] = await t.db
    .insert(outbox)
    .values({
      key: `access-test-${n}`,
      kind: 'erasure_done',
      recipient: `perdu${n}@exemple.fr`,
      subject: 'Vos données ont été effacées',
      params: { name: 'Perdu' },
      status: 'failed',
      attempts: 11,
      lastError: 'connect ECONNREFUSED',
    })
    .returning();
  const [member] = await t.db
    .insert(staffUsers)
    .values({
      username: `membre${n}`,
      email: `membre${n}@exemple.fr`,
      role: 'admin',
      passwordHash: await hashPassword('inutilise-1234'),
    })
    .returning();
  const [device, refusedDevice] = await t.db
    .insert(devices)
    .values([
      { clientId: order.order.clientId!, deviceType: 'macbook', deviceInfo: 'MacBook Air' },
      { clientId: order.order.clientId!, deviceType: 'windows-pc', deviceInfo: 'PC HP' },
    ])
    .returning();
  const [proof] = await t.db
    .insert(deviceProofs)
    .values({
      deviceId: device!.id,
      name: 'facture.pdf',
      mimeType: 'application/pdf',
      size: 9,
      data: Buffer.from('%PDF-1.7\n'),
    })
    .returning();
  const article = {
    summary: 'Un résumé assez long.',
    body: 'Un texte',
    bodyText: 'Un texte',
    category: 'mac',
  } as const;
  const [draft, doomed] = await t.db
    .insert(helpArticles)
    .values([
      { ...article, slug: `brouillon-${n}`, title: 'Brouillon' },
      { ...article, slug: `a-supprimer-${n}`, title: 'À supprimer' },
    ])
    .returning();
  // A client sharing the screen on a request this member handles: they may join it.
  const [me] = await t.db
    .select({ id: staffUsers.id })
    .from(staffUsers)
    .where(eq(staffUsers.username, role === 'admin' ? TEST_ADMIN.username : TECHNICIAN.username));
  // Its client is one of its own, signed in: the calls above change the order's client's password, which ends that
  // client's sessions, and a share ends with the session it was opened from.
  const [sharer] = await t.db
    .insert(clients)
    .values({ name: 'Paul Partage', email: `partage${n}@exemple.fr` })
    .returning();
  const [watched] = await t.db
    .insert(interventions)
    .values({ clientId: sharer!.id, title: 'Écran partagé', description: 'Aide', assignedStaffId: me!.id })
    .returning();
  const sharing = await createClientSession(t.db, sharer!.id);
  const [share] = await t.db
    .insert(screenShares)
    .values({ interventionId: watched!.id, clientId: sharer!.id, clientSessionHash: hashSessionToken(sharing.token) })
    .returning();
  return {
    otherSession,
    order,
    registration,
    intervention,
    erasure,
    kept,
    expired,
    refused,
    failedMail,
    member,
    device,
    refusedDevice,
    proof,
    draft,
    doomed,
    share,
  };
}
