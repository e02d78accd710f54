// Helpers shared by the back-office API tests (not a test file itself).
import { afterAll, beforeAll, expect } from 'vitest';
import type { OrderCreated } from '#shared/orders/order-api.ts';
import type { OrderInput } from '#shared/orders/order-input.ts';
import { UPLOAD_HEADER } from '#shared/devices/device-api.ts';
import { todayIso } from '#shared/format.ts';
import { staffUsers } from '#server/db/schema.ts';
import { CLIENT_COOKIE, sessionCookieName, STAFF_COOKIE } from '#server/plugins/auth.ts';
import { hashPassword } from '#server/services/security/passwords.ts';
import { createTestApp, TEST_ADMIN, type TestApp } from './harness.ts';
import { readZipBuffer } from './zip-files.ts';

export const cookieHeader = (name: string, value: string) => ({ cookie: `${name}=${value}` });

/** Signs TEST_ADMIN in and returns the headers that carry the staff session. */
export async function staffLogin(
  t: TestApp,
  credentials = { username: TEST_ADMIN.username, password: TEST_ADMIN.password },
) {
  const res = await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: credentials });
  expect(res.statusCode, res.body).toBe(200);
  // `__Host-rfs_staff` when the app is configured for https.
  const name = sessionCookieName(t.config, STAFF_COOKIE);
  const cookie = res.cookies.find((c) => c.name === name);
  expect(cookie).toBeDefined();
  return cookieHeader(name, cookie!.value);
}

/**
 * The set-up most describe blocks share: their own app (with these settings), TEST_ADMIN signed in, closed after the
 * last test. `t` and `staff` are filled before the first test, so the tests read them as plain values.
 */
export function staffTestApp(env: Record<string, string> = {}) {
  const t = {} as TestApp;
  const staff: Record<string, string> = {};
  beforeAll(async () => {
    Object.assign(t, await createTestApp(env));
    Object.assign(staff, await staffLogin(t));
  });
  afterAll(async () => t.close());
  return { t, staff };
}

/** A technicien of the team (as an admin would add them), signed in: their id and the headers of their session. */
export async function newTechnician(t: TestApp, account: { username: string; password: string; firstName?: string }) {
  const [row] = await t.db
    .insert(staffUsers)
    .values({
      username: account.username,
      firstName: account.firstName,
      role: 'technicien',
      passwordHash: await hashPassword(account.password),
    })
    .returning();
  return { id: row!.id, headers: await staffLogin(t, { username: account.username, password: account.password }) };
}

export async function clientLogin(t: TestApp, username: string, password: string) {
  const res = await t.app.inject({ method: 'POST', url: '/api/client/login', payload: { username, password } });
  expect(res.statusCode, res.body).toBe(200);
  const name = sessionCookieName(t.config, CLIENT_COOKIE);
  return cookieHeader(name, res.cookies.find((c) => c.name === name)!.value);
}

export const CLIENT_PASSWORD = 'Azur-Passerelle-2026';

/**
 * A client account from a paid order starting today (« Client alice », alice@exemple.fr, CLIENT_PASSWORD; any of the
 * order's fields can be given), signed in: its id and the headers of its session.
 */
export async function newClient(
  t: TestApp,
  staff: Record<string, string>,
  username: string,
  order: Partial<OrderInput> & Record<string, unknown> = {},
) {
  const created = await postOrder(t, staff, {
    clientName: `Client ${username}`,
    clientEmail: `${username}@exemple.fr`,
    username,
    password: CLIENT_PASSWORD,
    orderDate: todayIso(),
    ...order,
  });
  return { id: created.order.clientId!, headers: await clientLogin(t, username, CLIENT_PASSWORD) };
}

export const validOrder = (overrides: Partial<OrderInput> = {}): OrderInput => ({
  clientName: 'Jean Dupont',
  clientEmail: 'jean.dupont@exemple.fr',
  clientPhone: '06 12 34 56 78',
  username: '',
  password: '',
  plan: 'pro',
  paymentMethod: 'carte',
  paymentStatus: 'paid',
  orderDate: '2025-03-15',
  notes: '',
  ...overrides,
});

export async function postOrder(
  t: TestApp,
  staff: Record<string, string>,
  overrides: Partial<OrderInput> & Record<string, unknown> = {},
) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/manual-orders',
    headers: staff,
    payload: validOrder(overrides),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<OrderCreated>();
}

/** A multipart body as a browser's FormData sends it, with one file in `file` (a proof of ownership). */
export function multipartFile(name: string, data: Buffer, type = 'application/octet-stream') {
  const boundary = '----rfs-test-boundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return {
    payload: body,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, [UPLOAD_HEADER]: '1' },
  };
}

/** « Mes données » of a signed-in client: the archive's data.json, parsed, and every entry of the archive. */
export async function downloadClientData<T = ReturnType<typeof JSON.parse>>(
  t: TestApp,
  headers: Record<string, string>,
) {
  const res = await t.app.inject({ method: 'GET', url: '/api/client/data', headers });
  expect(res.statusCode, res.body).toBe(200);
  const entries = await readZipBuffer(res.rawPayload);
  return { res, entries, data: JSON.parse(entries.get('data.json')!.toString('utf8')) as T };
}
