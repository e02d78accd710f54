import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import { attachmentsOf, decodeMail, startSmtpPeer } from '#server/test/smtp-peer.ts';
import { pdfText } from '#server/test/pdf-text.ts';
import { postOrder, staffLogin } from '#server/test/fixtures.ts';
import { orders } from '#server/db/schema.ts';
import { CGV_VERSIONS, CURRENT_CGV } from '#shared/orders/cgv-versions.ts';

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
  const contractTo = (email: string) => contracts().filter((m) => m.to.includes(email));

  /** Staff mark an order paid, which concludes the contract. */
  async function markPaid(orderId: number) {
    const paid = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/manual-orders/${orderId}`,
      headers: staff,
      payload: { paymentStatus: 'paid' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    await t.drain();
  }

  /** The one PDF a message carries, and its text as a reader reads it. */
  async function joinedCgv(raw: string) {
    const files = attachmentsOf(raw);
    expect(files.map((f) => [f.filename, f.contentType])).toHaveLength(1);
    const [pdf] = files;
    expect(pdf!.contentType).toBe('application/pdf');
    return { filename: pdf!.filename, text: await pdfText(pdf!.content) };
  }

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
    const text = decodeMail(contracts()[0]!.raw).replace(/\s+/g, ' ');
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
      'sont jointes à ce message en PDF',
    ])
      expect(text).toContain(expected);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.contractMailedAt).toBeInstanceOf(Date);
  });

  it('joins the CGV accepted as a PDF: version, company, every section, the withdrawal form, page numbers', async () => {
    const { order } = await postOrder(t, staff, { clientEmail: 'pdf@exemple.fr', paymentStatus: 'pending' });
    await markPaid(order.id);
    const [mail] = contractTo('pdf@exemple.fr');
    const { filename, text } = await joinedCgv(mail!.raw);
    expect(filename).toBe(`cgv-${CURRENT_CGV.version}.pdf`);
    const oneLine = text.replace(/\s+/g, ' ');
    for (const expected of [
      'Conditions générales de vente',
      `Version du ${CURRENT_CGV.label}`,
      // the company from the settings, as the invoices and the legal notices print it
      'Société : RFS Assistance',
      '1. Objet',
      '12. Droit de rétractation',
      '19. Modification des CGV',
      // the catalogue's table, French typography kept (accents, « », ’, €)
      'Étendue 6 mois 1 35,00 €',
      'le bouton « Me rétracter » de votre espace client',
      'Les prix sont indiqués en euros, toutes taxes comprises.',
      // the model form of the annex to R221-1
      'Modèle de formulaire de rétractation',
      'Je/Nous (*) vous notifie/notifions (*) par la présente ma/notre (*) rétractation',
      '(*) Rayez la mention inutile.',
      'droit français',
      'Page 1 sur',
    ])
      expect(oneLine).toContain(expected);
  });

  it('joins the version the order accepted, not the one in force, when the CGV changed since', async () => {
    const older = CGV_VERSIONS[0];
    expect(older.version).not.toBe(CURRENT_CGV.version);
    const { order } = await postOrder(t, staff, { clientEmail: 'ancienne@exemple.fr', paymentStatus: 'pending' });
    // The client ticked the box while the earlier version was in force; the order is paid after the change.
    await t.db.update(orders).set({ cgvVersion: older.version }).where(eq(orders.id, order.id));
    await markPaid(order.id);
    const [mail] = contractTo('ancienne@exemple.fr');
    const body = decodeMail(mail!.raw).replace(/\s+/g, ' ');
    expect(body).toContain(`version du ${older.label}`);
    expect(body).toContain(`http://localhost:3000/cgv?version=${older.version}`);
    const { filename, text } = await joinedCgv(mail!.raw);
    expect(filename).toBe(`cgv-${older.version}.pdf`);
    const oneLine = text.replace(/\s+/g, ' ');
    for (const expected of [`Version du ${older.label}`, 'droit de l’État du Wyoming', '12. Droit de rétractation'])
      expect(oneLine).toContain(expected);
    // That version's words, not today's: it had no model form and no mediator.
    for (const absent of [CURRENT_CGV.label, 'Modèle de formulaire de rétractation', 'médiateur'])
      expect(oneLine).not.toContain(absent);

    // A second order under the current version, paid after it, still gets its own version.
    const { order: next } = await postOrder(t, staff, { clientEmail: 'ancienne@exemple.fr', paymentStatus: 'pending' });
    await markPaid(next.id);
    const latest = contractTo('ancienne@exemple.fr').find((m) => m !== mail);
    expect((await joinedCgv(latest!.raw)).filename).toBe(`cgv-${CURRENT_CGV.version}.pdf`);
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
