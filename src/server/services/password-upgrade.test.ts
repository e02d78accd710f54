import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN, type TestApp } from '../test/harness';
import { clients, staffUsers } from '../db/schema';
import { postOrder, staffLogin } from '../routes/admin/test-fixtures';
import { hashPassword, needsRehash, verifyPassword } from './passwords';

// A hash made before the cost was raised (the suite's own cost stands for today's: see src/server/test/setup.ts).
const FORMER_COST = { N: 1024, r: 8, p: 1 };

describe('[SECURITY][PASSWORDS] a hash made at a former cost is replaced at the next sign-in', () => {
  let t: TestApp;
  let staff: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    staff = await staffLogin(t);
  });
  afterAll(async () => t.close());

  const staffHash = async () => (await t.db.select().from(staffUsers).where(eq(staffUsers.username, TEST_ADMIN.username)))[0]!.passwordHash;

  it('for staff: a wrong password changes nothing, the right one stores a hash at today’s cost', async () => {
    const former = await hashPassword(TEST_ADMIN.password, FORMER_COST);
    await t.db.update(staffUsers).set({ passwordHash: former }).where(eq(staffUsers.username, TEST_ADMIN.username));

    const wrong = await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { username: TEST_ADMIN.username, password: 'pas-le-bon-mot' } });
    expect(wrong.statusCode).toBe(401);
    expect(await staffHash()).toBe(former);

    await staffLogin(t);
    const upgraded = await staffHash();
    expect(upgraded).not.toBe(former);
    expect(needsRehash(upgraded)).toBe(false);
    expect(await verifyPassword(TEST_ADMIN.password, upgraded)).toBe(true);
    // And the next sign-in leaves it alone.
    await staffLogin(t);
    expect(await staffHash()).toBe(upgraded);
  });

  it('for a client, who signs in with the same password before and after', async () => {
    const { order } = await postOrder(t, staff, { clientEmail: 'cout@exemple.fr', username: 'acout', password: 'Azur-Passerelle-2026' });
    const former = await hashPassword('Azur-Passerelle-2026', FORMER_COST);
    await t.db.update(clients).set({ passwordHash: former }).where(eq(clients.id, order.clientId!));
    const login = () => t.app.inject({ method: 'POST', url: '/api/client/login', payload: { username: 'acout', password: 'Azur-Passerelle-2026' } });

    expect((await login()).statusCode).toBe(200);
    const [client] = await t.db.select().from(clients).where(eq(clients.id, order.clientId!));
    expect(client!.passwordHash).not.toBe(former);
    expect(needsRehash(client!.passwordHash!)).toBe(false);
    expect((await login()).statusCode).toBe(200);
  });
});
