import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import { todayIso } from '#shared/format.ts';
import { clientLogin, postOrder, staffLogin } from '#server/test/fixtures.ts';

export const JEAN = { username: 'jdupont', password: 'motdepasse-client-A' };
const ANNE = { username: 'amartin', password: 'motdepasse-client-B' };

/**
 * An app where Jean has three orders (paid, its renewal, a pending one) and Anne one, both signed in: the objects
 * returned are filled before the first test.
 */
export function accountTestApp() {
  const t = {} as TestApp;
  const staff: Record<string, string> = {};
  const jean: Record<string, string> = {};
  const anne: Record<string, string> = {};
  const ids = { jeanId: 0, anneOrder: 0 };
  const jeanOrders = { first: 0, pending: 0, renewal: 0 };

  beforeAll(async () => {
    Object.assign(t, await createTestApp());
    Object.assign(staff, await staffLogin(t));
    const first = await postOrder(t, staff, {
      clientName: 'Jean Dupont',
      clientEmail: 'jean.dupont@exemple.fr',
      ...JEAN,
      plan: 'pro',
      orderDate: '2025-03-15',
      notes: 'Rappeler lundi',
    });
    ids.jeanId = first.order.clientId!;
    // Same e-mail: both orders join Jean's account. The renewal, paid while the first runs, follows it.
    const renewal = await postOrder(t, staff, {
      clientName: 'Jean Dupont',
      clientEmail: 'jean.dupont@exemple.fr',
      plan: 'pro',
      orderDate: '2026-01-10',
    });
    const pending = await postOrder(t, staff, {
      clientName: 'Jean Dupont',
      clientEmail: 'jean.dupont@exemple.fr',
      plan: 'basique',
      orderDate: '2026-02-01',
      paymentStatus: 'pending',
    });
    Object.assign(jeanOrders, { first: first.id, renewal: renewal.id, pending: pending.id });
    const other = await postOrder(t, staff, {
      clientName: 'Anne Martin',
      clientEmail: 'anne@exemple.fr',
      ...ANNE,
      plan: 'duo',
      orderDate: todayIso(),
    });
    ids.anneOrder = other.id;
    Object.assign(jean, await clientLogin(t, JEAN.username, JEAN.password));
    Object.assign(anne, await clientLogin(t, ANNE.username, ANNE.password));
  });
  afterAll(async () => t.close());

  const get = (url: string, headers?: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
  const post = (url: string, headers?: Record<string, string>, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers, payload });

  return { t, staff, jean, anne, ids, jeanOrders, get, post };
}
