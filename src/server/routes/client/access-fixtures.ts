import { expect } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TestApp } from '#server/test/harness.ts';
import {
  auditLog,
  clients,
  clientSessions,
  interventionMessages,
  interventions,
  orders,
  inboxItems,
  screenShares,
} from '#server/db/schema.ts';
import type { Thread } from '#shared/interventions/thread-api.ts';
import { todayIso } from '#shared/format.ts';
import { clientLogin, multipartFile, postOrder } from '#server/test/fixtures.ts';
import type { OrderDocuments } from '#shared/billing/invoice-api.ts';

type Method = 'GET' | 'POST' | 'PUT';
type Call = {
  method: Method;
  url: string;
  payload?: object;
  headers?: Record<string, string>;
  clientStatus: number;
};

/** A path naming one of the caller's things by id (an order, a request, a file). */
export const hasId = (url: string) => /\/\d+(?=\/|$)/.test(url);

/** A 1×1 PNG, as a client attaches a screenshot to a message. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

export const assistance = (description: string, extra: object = {}) => ({
  description,
  urgency: 'high',
  deviceType: 'pc_windows',
  deviceInfo: 'Dell Inspiron 15',
  ...extra,
});

/** A signed-in client with one of each thing a client owns: an order and its invoice, a request, a file, a device. */
export type AccessClient = {
  id: number;
  headers: Record<string, string>;
  orderId: number;
  interventionId: number;
  attachmentId: number;
  documentId: number;
  invoiceNumber: string;
  deviceId: number;
  shareId: number;
};

export async function newClient(
  t: TestApp,
  staff: Record<string, string>,
  username: string,
  plan: 'pro' | 'famille',
): Promise<AccessClient> {
  const created = await postOrder(t, staff, {
    clientName: `Client ${username}`,
    clientEmail: `${username}@exemple.fr`,
    username,
    password: 'Azur-Passerelle-2026',
    plan,
    orderDate: todayIso(),
  });
  const headers = await clientLogin(t, username, 'Azur-Passerelle-2026');
  const request = await t.app.inject({
    method: 'POST',
    url: '/api/client/interventions',
    headers,
    payload: assistance(`Secret de ${username}`),
  });
  const interventionId = request.json<{ id: number }>().id;
  const message = await t.app.inject({
    method: 'POST',
    url: `/api/client/interventions/${interventionId}/messages`,
    headers,
    payload: { body: `Capture de ${username}`, attachment: { name: `ecran-${username}.png`, data: PNG } },
  });
  expect(message.statusCode, message.body).toBe(201);
  const attachmentId = message.json<Thread>().messages[0]!.attachments[0]!.id;
  const [invoice] = (created.order as typeof created.order & OrderDocuments).documents;
  const device = await t.app.inject({
    method: 'POST',
    url: '/api/client/devices',
    headers,
    payload: { deviceType: 'windows-pc', deviceInfo: `PC de ${username}` },
  });
  expect(device.statusCode, device.body).toBe(201);
  const [share] = await t.db
    .insert(screenShares)
    .values({ interventionId, clientId: created.order.clientId! })
    .returning();
  return {
    shareId: share!.id,
    id: created.order.clientId!,
    orderId: created.id,
    interventionId,
    attachmentId,
    headers,
    documentId: invoice!.id,
    invoiceNumber: invoice!.number,
    deviceId: device.json<{ id: number }>().id,
  };
}

/** Every signed-in route, called as the client would; `:id` is the caller's own order or request. */
export const clientCalls = ({
  orderId,
  interventionId,
  attachmentId,
  documentId,
  deviceId,
  shareId,
}: AccessClient): Call[] => [
  { method: 'GET', url: '/api/client/session', clientStatus: 200 },
  { method: 'GET', url: '/api/auth/user', clientStatus: 200 },
  { method: 'GET', url: '/api/client/events', clientStatus: 200 },
  { method: 'GET', url: '/api/client/interventions', clientStatus: 200 },
  { method: 'POST', url: '/api/client/interventions', payload: assistance('Écran noir'), clientStatus: 201 },
  { method: 'GET', url: `/api/client/interventions/${interventionId}/messages`, clientStatus: 200 },
  {
    method: 'POST',
    url: `/api/client/interventions/${interventionId}/messages`,
    payload: { body: 'Merci de me rappeler' },
    clientStatus: 201,
  },
  { method: 'POST', url: `/api/client/interventions/${interventionId}/messages/read`, clientStatus: 200 },
  // A screen share nobody joined yet: a signal waits for nobody, the end records it; then a new one.
  {
    method: 'POST',
    url: `/api/client/screen-shares/${shareId}/signal`,
    payload: { kind: 'candidate', peer: 'p', candidate: { candidate: '' } },
    clientStatus: 204,
  },
  { method: 'POST', url: `/api/client/screen-shares/${shareId}/alive`, clientStatus: 204 },
  { method: 'POST', url: `/api/client/screen-shares/${shareId}/end`, payload: {}, clientStatus: 200 },
  { method: 'POST', url: `/api/client/interventions/${interventionId}/screen-share`, clientStatus: 201 },
  { method: 'GET', url: `/api/client/intervention-attachments/${attachmentId}`, clientStatus: 200 },
  // Closing the client's own waiting request cancels it; a cancelled request is not rated (409).
  { method: 'POST', url: `/api/client/interventions/${interventionId}/close`, clientStatus: 200 },
  {
    method: 'PUT',
    url: `/api/client/interventions/${interventionId}/rating`,
    payload: { stars: 5 },
    clientStatus: 409,
  },
  { method: 'GET', url: '/api/interventions', clientStatus: 200 },
  { method: 'POST', url: '/api/interventions', payload: {}, clientStatus: 201 },
  { method: 'GET', url: '/api/subscriptions/current', clientStatus: 200 },
  { method: 'POST', url: '/api/subscriptions', payload: { planId: 'duo', acceptCgv: true }, clientStatus: 201 },
  { method: 'GET', url: '/api/client/orders', clientStatus: 200 },
  { method: 'GET', url: `/api/client/orders/${orderId}/invoice`, clientStatus: 200 },
  { method: 'GET', url: `/api/client/documents/${documentId}/pdf`, clientStatus: 200 },
  // Online payment is off in this app: said so, and « Payer en ligne » is not offered (404).
  { method: 'GET', url: '/api/client/payments', clientStatus: 200 },
  { method: 'POST', url: `/api/client/orders/${orderId}/checkout`, clientStatus: 404 },
  // Past the session check: « Me rétracter » on an order that is not the client's (or does not exist) is 404.
  { method: 'POST', url: '/api/client/orders/999999/withdrawal', clientStatus: 404 },
  { method: 'GET', url: '/api/client/devices', clientStatus: 200 },
  {
    method: 'POST',
    url: '/api/client/devices',
    payload: { deviceType: 'macbook', deviceInfo: 'MacBook Air 2020' },
    clientStatus: 201,
  },
  {
    method: 'POST',
    url: `/api/client/devices/${deviceId}/proofs`,
    ...multipartFile('facture.png', Buffer.from(PNG, 'base64')),
    clientStatus: 201,
  },
  { method: 'POST', url: `/api/client/devices/${deviceId}/cover`, clientStatus: 200 },
  { method: 'POST', url: `/api/client/devices/${deviceId}/retire`, clientStatus: 200 },
  // Past the session check: no published article at that address.
  { method: 'POST', url: '/api/client/help/solved', payload: { slug: 'inconnu' }, clientStatus: 404 },
  { method: 'GET', url: '/api/client/remote-tools', clientStatus: 200 },
  { method: 'GET', url: '/api/client/data', clientStatus: 200 },
  { method: 'GET', url: '/api/client/erasure-request', clientStatus: 200 },
  { method: 'POST', url: '/api/client/erasure-request', clientStatus: 202 },
  // Refused on its merits (wrong current password), after the session check.
  {
    method: 'POST',
    url: '/api/client/password',
    payload: { currentPassword: 'pas-le-bon', newPassword: 'un-nouveau-secret-42' },
    clientStatus: 400,
  },
];

/** Row counts of every table a client call may write. */
export async function counts(t: TestApp) {
  return {
    orders: await t.db.$count(orders),
    interventions: await t.db.$count(interventions),
    messages: await t.db.$count(interventionMessages),
    requests: await t.db.$count(inboxItems),
    audit: await t.db.$count(auditLog),
    clients: await t.db.$count(clients),
  };
}

/** Everything held about one client. */
export async function ownedBy(t: TestApp, clientId: number) {
  return {
    client: await t.db.select().from(clients).where(eq(clients.id, clientId)),
    orders: await t.db.select().from(orders).where(eq(orders.clientId, clientId)),
    interventions: await t.db.select().from(interventions).where(eq(interventions.clientId, clientId)),
    messages: await t.db
      .select({ message: interventionMessages })
      .from(interventionMessages)
      .innerJoin(interventions, eq(interventions.id, interventionMessages.interventionId))
      .where(eq(interventions.clientId, clientId)),
    requests: await t.db.select().from(inboxItems).where(eq(inboxItems.clientId, clientId)),
    sessions: await t.db.$count(clientSessions, eq(clientSessions.clientId, clientId)),
  };
}
