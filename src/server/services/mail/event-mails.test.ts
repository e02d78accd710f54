import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { orders, outbox } from '#server/db/schema.ts';
import { createTestApp } from '#server/test/harness.ts';
import { clientLogin, postOrder, staffTestApp } from '#server/test/fixtures.ts';

// The messages the product's own events send: to staff, to the client, with the invoice when an order is paid.

describe('[MAIL][EVENTS] what each event sends, and to whom', () => {
  const { t, staff } = staffTestApp({ STAFF_EMAIL: 'equipe@rfs.exemple' });

  it('tells staff of a new intervention at STAFF_EMAIL and the client of each status change', async () => {
    const created = await postOrder(t, staff, {
      clientName: 'Gérard Lenoir',
      clientEmail: 'gerard@exemple.fr',
      username: 'glenoir',
      password: 'Motdepasse-GL-1',
      orderDate: new Date().toISOString().slice(0, 10),
    });
    const client = await clientLogin(t, 'glenoir', 'Motdepasse-GL-1');
    await t.drain();
    const before = t.mailer.sent.length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/client/interventions',
      headers: client,
      payload: {
        description: 'Mon imprimante ne répond plus',
        urgency: 'high',
        deviceType: 'pc_windows',
        deviceInfo: 'HP LaserJet',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json<{ id: number }>().id;
    await t.drain();
    const [toStaff] = t.mailer.sent.slice(before);
    expect(toStaff).toMatchObject({
      to: 'equipe@rfs.exemple',
      subject: `Nouvelle intervention n° ${id} : Gérard Lenoir`,
    });
    expect(toStaff!.text).toContain('Mon imprimante ne répond plus');
    expect(toStaff!.text).toContain('Urgence : Élevée');

    const patch = (payload: object) =>
      t.app.inject({ method: 'PATCH', url: `/api/admin/interventions/${id}`, headers: staff, payload });
    expect((await patch({ status: 'in_progress' })).statusCode).toBe(200);
    expect((await patch({ status: 'completed', durationMinutes: 40 })).statusCode).toBe(200);
    await t.drain();
    // Messages of one batch leave side by side: their order is not a promise.
    const updates = t.mailer.sent.slice(before + 1).sort((a, b) => a.subject.localeCompare(b.subject));
    expect(updates.map((m) => [m.to, m.subject])).toEqual([
      ['gerard@exemple.fr', `Votre demande d’assistance n° ${id} : en cours`],
      ['gerard@exemple.fr', `Votre demande d’assistance n° ${id} : terminée`],
    ]);
    expect(updates[1]!.text).toContain('Durée : 40 min');
    expect(created.order.clientId).toEqual(expect.any(Number));
  });

  it('e-mails the invoice when an order becomes paid, once', async () => {
    const created = await postOrder(t, staff, {
      clientEmail: 'attente@exemple.fr',
      clientName: 'Anne Attente',
      paymentStatus: 'pending',
    });
    await t.drain();
    const before = t.mailer.sent.length;
    const pay = (paymentStatus: string) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/admin/manual-orders/${created.id}`,
        headers: staff,
        payload: { paymentStatus },
      });
    expect((await pay('paid')).statusCode).toBe(200);
    // An invoiced order does not go back to pending (a credit note would cancel it); paid again changes nothing.
    expect((await pay('pending')).statusCode).toBe(409);
    expect((await pay('paid')).statusCode).toBe(200);
    await t.drain();
    const sent = t.mailer.sent.slice(before);
    // With the invoice, once too: the contract it concludes (L221-13, docs/decisions/041).
    expect(sent.map((m) => [m.to, m.subject]).sort()).toEqual([
      ['attente@exemple.fr', 'Confirmation de votre abonnement Pro – RFS Assistance'],
      ['attente@exemple.fr', 'Votre facture RFS Assistance – abonnement Pro'],
    ]);
    const [order] = await t.db.select({ endsOn: orders.endsOn }).from(orders).where(eq(orders.id, created.id));
    expect(sent.find((m) => m.subject.startsWith('Votre facture'))!.text).toContain(
      order!.endsOn!.split('-').reverse().join('/'),
    );
  });

  it('sends a waiting message written without the mail queue, as a restored backup holds it', async () => {
    await t.db.insert(outbox).values({
      key: 'restored',
      kind: 'erasure_done',
      recipient: 'restaure@exemple.fr',
      subject: 'Vos données ont été effacées',
      params: { name: 'Restauré' },
    });
    const before = t.mailer.sent.length;
    await t.drain();
    expect(t.mailer.sent.slice(before).map((m) => m.to)).toEqual(['restaure@exemple.fr']);
  });

  it('writes nothing to STAFF_EMAIL when it is unset', async () => {
    const other = await createTestApp();
    try {
      await other.db.transaction((tx) =>
        other.app.mail.queueForStaff(
          tx,
          'staff-x',
          'staff_contact',
          {
            requestId: 1,
            name: 'Luc',
            email: 'luc@exemple.fr',
            subject: 'Question',
            message: 'Bonjour',
          },
          null,
        ),
      );
      expect(await other.db.$count(outbox, sql`true`)).toBe(0);
    } finally {
      await other.close();
    }
  });
});
