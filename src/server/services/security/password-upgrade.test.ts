import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TEST_ADMIN } from '#server/test/harness.ts';
import { scryptHash } from '#server/test/scrypt-hash.ts';
import { clients, staffUsers } from '#server/db/schema.ts';
import { postOrder, staffLogin, staffTestApp } from '#server/test/fixtures.ts';
import { hashPassword, verifyPassword } from './passwords.ts';

const TODAYS_HASH = /^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/;

describe('[SECURITY][PASSWORDS] a scrypt hash, or one at a former cost, is replaced by Argon2id at the next sign-in', () => {
  const { t, staff } = staffTestApp();

  const staffHash = async () =>
    (await t.db.select().from(staffUsers).where(eq(staffUsers.username, TEST_ADMIN.username)))[0]!.passwordHash;
  const setStaffHash = (passwordHash: string) =>
    t.db.update(staffUsers).set({ passwordHash }).where(eq(staffUsers.username, TEST_ADMIN.username));
  const wrongStaffLogin = () =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: TEST_ADMIN.username, password: 'pas-le-bon-mot' },
    });

  it('for staff: a wrong password changes nothing, the right one stores an Argon2id hash', async () => {
    const former = scryptHash(TEST_ADMIN.password);
    await setStaffHash(former);

    expect((await wrongStaffLogin()).statusCode).toBe(401);
    expect(await staffHash()).toBe(former);

    await staffLogin(t);
    const upgraded = await staffHash();
    expect(upgraded).toMatch(TODAYS_HASH);
    expect(await verifyPassword(TEST_ADMIN.password, upgraded)).toBe(true);
    // And the next sign-in leaves it alone.
    await staffLogin(t);
    expect(await staffHash()).toBe(upgraded);
  });

  it('for staff: an Argon2id hash made at another cost is replaced the same way', async () => {
    const former = await hashPassword(TEST_ADMIN.password, { m: 12_288, t: 3, p: 1 });
    await setStaffHash(former);
    expect((await wrongStaffLogin()).statusCode).toBe(401);
    expect(await staffHash()).toBe(former);
    await staffLogin(t);
    expect(await staffHash()).toMatch(TODAYS_HASH);
  });

  it('for a client, who signs in with the same password before and after', async () => {
    const { order } = await postOrder(t, staff, {
      clientEmail: 'cout@exemple.fr',
      username: 'acout',
      password: 'Azur-Passerelle-2026',
    });
    const former = scryptHash('Azur-Passerelle-2026');
    await t.db.update(clients).set({ passwordHash: former }).where(eq(clients.id, order.clientId!));
    const clientHash = async () =>
      (await t.db.select().from(clients).where(eq(clients.id, order.clientId!)))[0]!.passwordHash;
    const login = (password: string) =>
      t.app.inject({ method: 'POST', url: '/api/client/login', payload: { username: 'acout', password } });

    expect((await login('Azur-Passerelle-2025')).statusCode).toBe(401);
    expect(await clientHash()).toBe(former);

    expect((await login('Azur-Passerelle-2026')).statusCode).toBe(200);
    const upgraded = await clientHash();
    expect(upgraded).toMatch(TODAYS_HASH);
    expect((await login('Azur-Passerelle-2026')).statusCode).toBe(200);
    expect(await clientHash()).toBe(upgraded);
  });
});
