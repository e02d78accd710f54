import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import type { OrderCreated } from '#shared/orders/order-api.ts';
import type { OrderDocuments } from '#shared/billing/invoice-api.ts';
import { clientLogin, postOrder, staffLogin, validOrder } from '#server/test/fixtures.ts';

// Two instances of the server on one database, behind nothing but different ports (issue 12): the same database
// object here, and on PostgreSQL with TEST_DATABASE_URL, where the orders below really run side by side.
describe('[INSTANCES] two servers on one database', () => {
  let one: TestApp;
  let two: TestApp;
  beforeAll(async () => {
    one = await createTestApp();
    two = await createTestApp({}, { database: one.database });
  });
  afterAll(async () => {
    await two.close();
    await one.close();
  });

  it('a staff session opened on one works on the other, and a sign-out on either ends it on both', async () => {
    const staff = await staffLogin(one);
    expect((await two.app.inject({ method: 'GET', url: '/api/admin/session', headers: staff })).statusCode).toBe(200);
    expect((await two.app.inject({ method: 'POST', url: '/api/admin/logout', headers: staff })).statusCode).toBe(200);
    expect((await one.app.inject({ method: 'GET', url: '/api/admin/session', headers: staff })).statusCode).toBe(401);
  });

  it('a client session too', async () => {
    await postOrder(
      one,
      await staffLogin(one),
      validOrder({ clientEmail: 'partage@exemple.fr', username: 'partage', password: 'Azur-Passerelle-2026' }),
    );
    const client = await clientLogin(two, 'partage', 'Azur-Passerelle-2026');
    expect((await one.app.inject({ method: 'GET', url: '/api/auth/user', headers: client })).statusCode).toBe(200);
    expect((await one.app.inject({ method: 'POST', url: '/api/client/logout', headers: client })).statusCode).toBe(200);
    expect((await two.app.inject({ method: 'GET', url: '/api/auth/user', headers: client })).statusCode).toBe(401);
  });

  it('100 orders created at once across both give 100 orders, unique keys and invoice numbers with no gap', async () => {
    const staff = [await staffLogin(one), await staffLogin(two)];
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => {
        const t = i % 2 ? two : one;
        return t.app.inject({
          method: 'POST',
          url: '/api/admin/manual-orders',
          headers: staff[i % 2],
          payload: validOrder({ clientEmail: `foule${i}@exemple.fr`, orderDate: '2026-11-20' }),
        });
      }),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(100).fill(201));
    const orders = answers.map((a) => a.json<OrderCreated>().order as OrderCreated['order'] & OrderDocuments);
    expect(new Set(orders.map((o) => o.id)).size).toBe(100);
    expect(new Set(orders.map((o) => o.verificationKey)).size).toBe(100);
    const numbers = orders.map((o) => Number(o.documents[0]!.number)).sort((a, b) => a - b);
    expect(numbers.at(-1)! - numbers[0]!).toBe(99);
    expect(new Set(numbers).size).toBe(100);
  });
});
