import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { clients, inboxItems } from '#server/db/schema.ts';
import type { AuditEntryDto } from '#shared/security/audit-api.ts';
import type { RegistrationValidated, InboxItemDto } from '#shared/inbox/inbox-api.ts';
import { clientLogin, postOrder, staffTestApp } from '#server/test/fixtures.ts';

describe('[ADMIN][INBOX] registrations and contact messages', () => {
  const { t, staff } = staffTestApp();
  let ids: { contact: number; helene: number; deja: number };
  beforeAll(async () => {
    const rows = await t.db
      .insert(inboxItems)
      .values([
        {
          kind: 'contact',
          name: 'Luc Bavard',
          email: 'luc@exemple.fr',
          subject: 'Question',
          message: 'Faites-vous les imprimantes ?',
          captchaAnswer: '7',
          createdAt: new Date('2025-01-01T10:00:00Z'),
        },
        {
          kind: 'registration',
          name: 'Hélène Roux',
          email: 'helene@exemple.fr',
          firstName: 'Hélène',
          lastName: 'Roux',
          phone: '0611223344',
          planId: 'pro',
          deviceType: 'macbook',
          deviceInfo: 'MacBook Air 2020',
          createdAt: new Date('2025-01-02T10:00:00Z'),
        },
        {
          kind: 'registration',
          name: 'Déjà Client',
          email: 'deja@exemple.fr',
          firstName: 'Déjà',
          lastName: 'Client',
          phone: '0611223355',
          createdAt: new Date('2025-01-03T10:00:00Z'),
        },
      ])
      .returning();
    ids = { contact: rows[0]!.id, helene: rows[1]!.id, deja: rows[2]!.id };
    await postOrder(t, staff, {
      clientEmail: 'DEJA@exemple.fr',
      clientName: 'Déjà Client',
      username: 'dclient',
      password: 'Azur-Passerelle-2026',
    });
  });

  const list = async (query = '') => {
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/contacts${query}`, headers: staff });
    expect(res.statusCode, res.body).toBe(200);
    return { items: res.json<InboxItemDto[]>(), total: Number(res.headers['x-total-count']) };
  };

  it('lists inbox items newest first, filtered by kind, status and text', async () => {
    const all = await list();
    expect(all.total).toBe(3);
    expect(all.items.map((r) => r.id)).toEqual([ids.deja, ids.helene, ids.contact]);
    expect(all.items[2]).toMatchObject({
      kind: 'contact',
      status: 'pending',
      captchaAnswer: '7',
      subject: 'Question',
      createdAt: '2025-01-01T10:00:00.000Z',
    });
    expect((await list('?kind=contact')).items.map((r) => r.id)).toEqual([ids.contact]);
    expect((await list('?q=imprimante')).items.map((r) => r.id)).toEqual([ids.contact]);
    expect((await list('?limit=1&offset=1')).items.map((r) => r.id)).toEqual([ids.helene]);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/contacts?kind=spam', headers: staff })).statusCode,
    ).toBe(400);
  });

  it('changes a status and audits it', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/contacts/${ids.contact}`,
      headers: staff,
      payload: { status: 'closed' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<InboxItemDto>()).toMatchObject({ id: ids.contact, status: 'closed' });
    expect((await list('?status=closed')).items.map((r) => r.id)).toEqual([ids.contact]);
    const audit = await t.app.inject({
      method: 'GET',
      url: `/api/admin/audit?entity=inbox_item&entityId=${ids.contact}`,
      headers: staff,
    });
    expect(audit.json<AuditEntryDto[]>()[0]).toMatchObject({
      action: 'inbox.update',
      before: { status: 'pending' },
      after: { status: 'closed' },
    });
    const bad = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/contacts/${ids.contact}`,
      headers: staff,
      payload: { status: 'archived' },
    });
    expect(bad.json().fieldErrors.status).toEqual(['Statut invalide']);
    const missing = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/contacts/99999',
      headers: staff,
      payload: { status: 'closed' },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('validates a registration into a client account with e-mailed credentials', async () => {
    await t.drain();
    t.mailer.sent.length = 0;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/contacts/${ids.helene}/validate`,
      headers: staff,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<RegistrationValidated>();
    expect(body.credentials.username).toMatch(/^hroux\d{2,3}$/);
    const [client] = await t.db.select().from(clients).where(eq(clients.id, body.clientId));
    expect(client).toMatchObject({
      firstName: 'Hélène',
      lastName: 'Roux',
      name: 'Hélène Roux',
      email: 'helene@exemple.fr',
      phone: '0611223344',
    });
    const [request] = await t.db.select().from(inboxItems).where(eq(inboxItems.id, ids.helene));
    expect(request).toMatchObject({ status: 'replied', clientId: body.clientId });
    await t.drain();
    expect(t.mailer.sent).toHaveLength(1);
    expect(t.mailer.sent[0]!.to).toBe('helene@exemple.fr');
    expect(t.mailer.sent[0]!.text).toContain(body.credentials.password);
    await clientLogin(t, body.credentials.username, body.credentials.password);

    const twice = await t.app.inject({
      method: 'POST',
      url: `/api/admin/contacts/${ids.helene}/validate`,
      headers: staff,
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('Cette demande a déjà été traitée.');
  });

  it('refuses to validate when the e-mail already has an account, or a contact message', async () => {
    const before = await t.db.$count(clients);
    const res = await t.app.inject({ method: 'POST', url: `/api/admin/contacts/${ids.deja}/validate`, headers: staff });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'Un compte client existe déjà pour deja@exemple.fr (identifiant dclient) : créez plutôt une commande pour ce client.',
    );
    expect(await t.db.$count(clients)).toBe(before);
    const contact = await t.app.inject({
      method: 'POST',
      url: `/api/admin/contacts/${ids.contact}/validate`,
      headers: staff,
    });
    expect(contact.statusCode).toBe(400);
  });
});
