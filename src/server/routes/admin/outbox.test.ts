import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outbox, inboxItems } from '#server/db/schema.ts';
import type { OutboxMessageDto } from '#shared/mail/outbox-api.ts';
import type { InboxItemDto } from '#shared/inbox/inbox-api.ts';
import { postOrder, staffTestApp } from '#server/test/fixtures.ts';

describe('[ADMIN][OUTBOX] « Courriels »: every message, its status, never a password', () => {
  const { t, staff } = staffTestApp({ STAFF_EMAIL: 'equipe@rfs.exemple' });
  const list = async (query = '') => {
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/outbox${query}`, headers: staff });
    expect(res.statusCode, res.body).toBe(200);
    return { items: res.json<OutboxMessageDto[]>(), total: Number(res.headers['x-total-count']), body: res.body };
  };

  it('lists messages newest first with recipient, subject, kind, status, attempts and time; filters by status and text', async () => {
    await postOrder(t, staff, {
      clientName: 'Élodie Bérénger',
      clientEmail: 'elodie@exemple.fr',
      username: 'eberenger',
      password: 'Soleil-du-Midi-42',
    });
    const queued = await list();
    expect(queued.total).toBe(3);
    expect(queued.items.map((m) => [m.kind, m.status, m.recipient, m.attempts])).toEqual([
      ['contract_confirmation', 'queued', 'elodie@exemple.fr', 0],
      ['invoice', 'queued', 'elodie@exemple.fr', 0],
      ['credentials', 'queued', 'elodie@exemple.fr', 0],
    ]);
    expect(queued.items[2]).toMatchObject({
      subject: 'Vos identifiants RFS Assistance',
      lastError: null,
      sentAt: null,
      canResend: false,
    });
    // Neither the password, nor its sealed form, nor the template's data ever leave the server this way.
    expect(queued.body).not.toMatch(/Soleil|v1\.|params|secret/);

    await t.drain();
    const sent = await list('?status=sent');
    expect(sent.total).toBe(3);
    expect(sent.items.every((m) => m.sentAt !== null && m.attempts === 1)).toBe(true);
    expect((await list('?status=queued')).total).toBe(0);
    expect((await list('?q=identifiants')).items.map((m) => m.kind)).toEqual(['credentials']);
    expect((await list('?q=ELODIE@')).total).toBe(3);
  });

  it('cancels unsent credentials when new ones are issued: the old password never leaves', async () => {
    const send = t.mailer.send;
    t.mailer.send = async () => {
      throw new Error('451 Serveur occupé');
    };
    try {
      const created = await postOrder(t, staff, {
        clientName: 'Paul Martin',
        clientEmail: 'paul@exemple.fr',
        username: 'pmartin',
        password: 'Premier-Secret-77',
      });
      await t.drain();
      const regenerated = await t.app.inject({
        method: 'POST',
        url: `/api/admin/manual-orders/${created.id}/credentials`,
        headers: staff,
      });
      expect(regenerated.statusCode).toBe(200);
      const mine = (await list('?q=paul@')).items.filter((m) => m.kind === 'credentials');
      expect(mine.map((m) => m.status)).toEqual(['queued', 'cancelled']);
      expect(mine[1]).toMatchObject({
        attempts: 1,
        lastError: 'Remplacé par de nouveaux identifiants avant son envoi',
        canResend: false,
      });
      const [old] = await t.db.select().from(outbox).where(eq(outbox.id, mine[1]!.id));
      expect(old!.secret).toBeNull();
    } finally {
      t.mailer.send = send;
    }
    const before = t.mailer.sent.length;
    await t.app.jobs.skipBackoff();
    await t.drain();
    const credentials = t.mailer.sent.slice(before).filter((m) => m.subject === 'Vos identifiants RFS Assistance');
    expect(credentials).toHaveLength(1);
    expect(credentials[0]!.text).not.toContain('Premier-Secret-77');
  });

  it('resends only a failed message (409 otherwise), and answers 400/404 for a bad id or filter', async () => {
    const [sent] = (await list('?status=sent')).items;
    const refused = await t.app.inject({ method: 'POST', url: `/api/admin/outbox/${sent!.id}/resend`, headers: staff });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/Seul un message en échec peut être renvoyé/);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/admin/outbox/999999/resend', headers: staff })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/admin/outbox/abc/resend', headers: staff })).statusCode,
    ).toBe(400);
    const bad = await t.app.inject({ method: 'GET', url: '/api/admin/outbox?status=perdu', headers: staff });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors.status).toEqual(['Statut invalide']);
  });

  it('« Refuser » closes a registration with its reason and e-mails it, in one transaction', async () => {
    const [registration] = await t.db
      .insert(inboxItems)
      .values({
        kind: 'registration',
        name: 'Léa Moreau',
        email: 'lea@exemple.fr',
        firstName: 'Léa',
        lastName: 'Moreau',
        phone: '0611223344',
        planId: 'pro',
      })
      .returning();
    const refuse = (payload: object, id = registration!.id) =>
      t.app.inject({ method: 'POST', url: `/api/admin/contacts/${id}/refuse`, headers: staff, payload });

    const empty = await refuse({ reason: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fieldErrors.reason).toEqual(['Indiquez la raison du refus (elle est envoyée à la personne)']);
    expect((await t.db.select().from(inboxItems).where(eq(inboxItems.id, registration!.id)))[0]!.status).toBe(
      'pending',
    );

    const res = await refuse({ reason: 'Nous n’intervenons pas sur les serveurs d’entreprise.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<InboxItemDto>()).toMatchObject({
      status: 'closed',
      refusalReason: 'Nous n’intervenons pas sur les serveurs d’entreprise.',
    });
    expect((await refuse({ reason: 'Encore' })).statusCode).toBe(409);
    const [contact] = await t.db
      .insert(inboxItems)
      .values({ kind: 'contact', name: 'Luc', email: 'luc@exemple.fr', subject: 'Q', message: 'M' })
      .returning();
    expect((await refuse({ reason: 'Pas une inscription' }, contact!.id)).statusCode).toBe(400);

    const before = t.mailer.sent.length;
    await t.drain();
    const [mail] = t.mailer.sent.slice(before);
    expect(mail).toMatchObject({ to: 'lea@exemple.fr', subject: 'Votre demande d’inscription – RFS Assistance' });
    expect(mail!.text).toContain('Bonjour Léa Moreau,');
    expect(mail!.text).toContain('« Nous n’intervenons pas sur les serveurs d’entreprise. »');
    const audit = await t.app.inject({
      method: 'GET',
      url: `/api/admin/audit?entity=inbox_item&entityId=${registration!.id}`,
      headers: staff,
    });
    expect(audit.json<Array<{ action: string }>>().map((a) => a.action)).toContain('inbox.refuse');
  });

  it('acknowledges a registration to the person and announces it and a contact message to staff', async () => {
    const before = t.mailer.sent.length;
    const registration = {
      firstName: 'Hélène',
      lastName: 'Roux',
      email: 'helene@exemple.fr',
      phone: '0611223344',
      planId: 'standard',
      deviceType: 'macbook',
      deviceInfo: 'MacBook Air 2019, très lent',
      acceptCgv: true,
    };
    const res = await t.app.inject({ method: 'POST', url: '/api/register', payload: registration });
    expect(res.statusCode, res.body).toBe(201);
    // Twice the same day: one acknowledgement, two notices to staff (two requests were recorded).
    expect((await t.app.inject({ method: 'POST', url: '/api/register', payload: registration })).statusCode).toBe(201);
    await t.drain();
    const sent = t.mailer.sent.slice(before).sort((a, b) => a.to.localeCompare(b.to));
    expect(sent.map((m) => [m.to, m.subject])).toEqual([
      ['equipe@rfs.exemple', 'Nouvelle inscription : Hélène Roux'],
      ['equipe@rfs.exemple', 'Nouvelle inscription : Hélène Roux'],
      ['helene@exemple.fr', 'Votre demande d’inscription est bien reçue – RFS Assistance'],
    ]);
    expect(sent[0]!.text).toContain('MacBook Air 2019, très lent');
    expect(sent[2]!.text).toContain('formule Standard');

    const challenge = (await t.app.inject({ method: 'GET', url: '/api/contact/captcha' })).json<{
      question: string;
      token: string;
    }>();
    const [, a, b] = /(\d+)\s*\+\s*(\d+)/.exec(challenge.question)!;
    const contact = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      remoteAddress: '10.9.0.1',
      payload: {
        name: 'Luc Bavard',
        email: 'luc@exemple.fr',
        subject: 'Imprimantes',
        message: 'Faites-vous les imprimantes ?',
        captchaToken: challenge.token,
        captchaAnswer: String(Number(a) + Number(b)),
      },
    });
    expect(contact.statusCode, contact.body).toBe(201);
    const count = t.mailer.sent.length;
    await t.drain();
    const [notice] = t.mailer.sent.slice(count);
    expect(notice).toMatchObject({ to: 'equipe@rfs.exemple', subject: 'Nouveau message de Luc Bavard : Imprimantes' });
    expect(notice!.text).toContain('Faites-vous les imprimantes ?');
  });
});
