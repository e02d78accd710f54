import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import { decodeMail, startSmtpPeer } from '#server/test/smtp-peer.ts';
import { postOrder, staffLogin } from '#server/test/fixtures.ts';
import { orders } from '#server/db/schema.ts';
import { CURRENT_CGV } from '#shared/orders/cgv-versions.ts';

// L221-13: the contract confirmed on a durable medium once the order is paid (docs/decisions/041).
describe('[ORDERS][MAIL] the contract confirmation reaches a real SMTP server, once per order', () => {
  let t: TestApp;
  let peer: Awaited<ReturnType<typeof startSmtpPeer>>;
  let staff: Record<string, string>;

  beforeAll(async () => {
    peer = await startSmtpPeer();
    t = await createTestApp(
      { SMTP_URL: peer.url, MAIL_FROM: 'RFS Assistance <contact@rfs.example>' },
      { realMailer: true },
    );
    staff = await staffLogin(t);
  });
  afterAll(async () => {
    await t.close();
    await peer.stop();
  });

  // The subject is encoded (it holds a dash): the body's title tells the message apart.
  const contracts = () => peer.received.filter((m) => decodeMail(m.raw).includes('Confirmation de votre contrat'));

  it('sends plan, price, term, the CGV version linked, the withdrawal information and form when paid', async () => {
    const { order } = await postOrder(t, staff, {
      clientName: 'Odile Perrin',
      clientEmail: 'odile@exemple.fr',
      plan: 'standard',
      paymentStatus: 'pending',
    });
    await t.drain();
    expect(contracts()).toHaveLength(0); // not concluded while unpaid
    const paid = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/manual-orders/${order.id}`,
      headers: staff,
      payload: { paymentStatus: 'paid' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    await t.drain();
    expect(contracts()).toHaveLength(1);
    const text = decodeMail(contracts()[0]!.raw);
    expect(contracts()[0]!.to).toEqual(['odile@exemple.fr']);
    for (const expected of [
      'Standard',
      '25,00',
      '3 mois',
      `version du ${CURRENT_CGV.label}`,
      'http://localhost:3000/cgv',
      'Modèle de formulaire de rétractation',
      'Je/Nous (*) vous notifie/notifions (*)',
      'Me rétracter',
      'tout vous sera remboursé',
      'CM2C',
    ])
      expect(text).toContain(expected);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.contractMailedAt).toBeInstanceOf(Date);
  });

  it('is not sent twice when an order is marked paid again', async () => {
    const { order } = await postOrder(t, staff, { clientEmail: 'deux-fois@exemple.fr', paymentStatus: 'pending' });
    for (const paymentStatus of ['paid', 'paid']) {
      await t.app.inject({
        method: 'PATCH',
        url: `/api/admin/manual-orders/${order.id}`,
        headers: staff,
        payload: { paymentStatus },
      });
    }
    await t.drain();
    expect(contracts().filter((m) => m.to.includes('deux-fois@exemple.fr'))).toHaveLength(1);
  });
});
