// Helpers shared by the back-office API tests (not a test file itself).
import { expect } from 'vitest';
import type { OrderCreated } from '../../../shared/admin-api';
import type { OrderInput } from '../../../shared/schemas/order';
import { CLIENT_COOKIE, STAFF_COOKIE } from '../../plugins/auth';
import { TEST_ADMIN, type TestApp } from '../../test/harness';

export const cookieHeader = (name: string, value: string) => ({ cookie: `${name}=${value}` });

/** Signs TEST_ADMIN in and returns the headers that carry the staff session. */
export async function staffLogin(t: TestApp, credentials = { username: TEST_ADMIN.username, password: TEST_ADMIN.password }) {
  const res = await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: credentials });
  expect(res.statusCode, res.body).toBe(200);
  const cookie = res.cookies.find((c) => c.name === STAFF_COOKIE);
  expect(cookie).toBeDefined();
  return cookieHeader(STAFF_COOKIE, cookie!.value);
}

export async function clientLogin(t: TestApp, username: string, password: string) {
  const res = await t.app.inject({ method: 'POST', url: '/api/client/login', payload: { username, password } });
  expect(res.statusCode, res.body).toBe(200);
  return cookieHeader(CLIENT_COOKIE, res.cookies.find((c) => c.name === CLIENT_COOKIE)!.value);
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

export async function postOrder(t: TestApp, staff: Record<string, string>, overrides: Partial<OrderInput> & Record<string, unknown> = {}) {
  const res = await t.app.inject({ method: 'POST', url: '/api/admin/manual-orders', headers: staff, payload: validOrder(overrides) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<OrderCreated>();
}
