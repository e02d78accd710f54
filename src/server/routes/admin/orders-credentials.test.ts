import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clients, orders } from '#server/db/schema.ts';
import type { AuditEntryDto } from '#shared/security/audit-api.ts';
import { clientLogin, postOrder } from '#server/test/fixtures.ts';
import { manualOrdersTestApp } from './orders-fixtures.ts';

describe('[ADMIN][CREATE_ORDER] manual orders', () => {
  const { t, staff, credentialsMails } = manualOrdersTestApp();

  it('regenerates the password of the order’s client, keeps the username, e-mails it and audits it', async () => {
    const created = await postOrder(t, staff, {
      clientEmail: 'regen@exemple.fr',
      clientName: 'Régis Gênant',
      username: 'rgenant',
      password: 'Ancien-Mot-2025',
    });
    await t.drain(); // what earlier tests queued leaves first
    t.mailer.sent.length = 0;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/manual-orders/${created.id}/credentials`,
      headers: staff,
    });
    expect(res.statusCode).toBe(200);
    const issued = res.json();
    expect(issued.username).toBe('rgenant');
    expect(issued.password).toMatch(/^[a-km-zA-HJ-NP-Z2-9]{16}$/);
    await t.drain();
    expect(credentialsMails().map((m) => m.to)).toEqual(['regen@exemple.fr']);
    expect(credentialsMails()[0]!.text).toContain(issued.password);
    await clientLogin(t, 'rgenant', issued.password);
    const [client] = await t.db.select().from(clients).where(eq(clients.id, created.order.clientId!));
    expect(JSON.stringify({ ...client, passwordHash: undefined })).not.toContain(`${issued.password.slice(0, 2)}…`);
    const audit = await t.app.inject({
      method: 'GET',
      url: `/api/admin/audit?entity=order&entityId=${created.id}`,
      headers: staff,
    });
    expect(audit.json<AuditEntryDto[]>().map((a) => a.action)).toEqual([
      'order.credentials',
      'invoice.issue',
      'order.create',
    ]);
    expect(JSON.stringify(audit.json())).not.toContain(issued.password);
  });

  it('gives an order taken without a username the account « Générer » announces, and e-mails its access', async () => {
    const created = await postOrder(t, staff, { clientEmail: 'sans-compte@exemple.fr', clientName: 'Zoé Bernard' });
    expect(created.order.clientId).toBeNull();
    await t.drain();
    t.mailer.sent.length = 0;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/manual-orders/${created.id}/credentials`,
      headers: staff,
    });
    expect(res.statusCode).toBe(200);
    const issued = res.json<{ username: string; password: string }>();
    expect(issued.username).toMatch(/^zbernard/);
    const [client] = await t.db.select().from(clients).where(eq(clients.email, 'sans-compte@exemple.fr'));
    expect(client).toMatchObject({ name: 'Zoé Bernard', username: issued.username });
    const [order] = await t.db.select().from(orders).where(eq(orders.id, created.id));
    expect(order).toMatchObject({ clientId: client!.id, username: issued.username });
    await t.drain();
    expect(credentialsMails().map((m) => m.to)).toEqual(['sans-compte@exemple.fr']);
    await clientLogin(t, issued.username, issued.password);

    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/admin/manual-orders/999999/credentials',
      headers: staff,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('suggests a free username from the name and a strong password', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/credentials/suggest?name=${encodeURIComponent('Jean-Marc  Lefèvre')}`,
      headers: staff,
    });
    expect(res.statusCode).toBe(200);
    const { username, password } = res.json();
    expect(username).toMatch(/^jlefevre\d{2,3}$/);
    expect(password).toMatch(/^[a-km-zA-HJ-NP-Z2-9]{16}$/);
    expect(password).toMatch(/\d/);
    const empty = await t.app.inject({ method: 'GET', url: '/api/admin/credentials/suggest', headers: staff });
    expect(empty.json().username).toMatch(/^client\d{2,3}$/);
  });
});
