import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '#server/db/schema.ts';
import type { OutboxMessageDto } from '#shared/mail/outbox-api.ts';
import { todayIso } from '#shared/format.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import { attachmentsOf, decodeMail, startSmtpPeer } from '#server/test/smtp-peer.ts';
import { clientLogin, postOrder, staffLogin } from '#server/test/fixtures.ts';
import { pdfText } from '#server/test/pdf-text.ts';
import { MAIL_RETRY_LIMIT } from './delivery.ts';

describe('[MAIL][SMTP] messages reach a real SMTP server, late but once when it was down', () => {
  let t: TestApp;
  let peer: Awaited<ReturnType<typeof startSmtpPeer>>;
  let staff: Record<string, string>;

  beforeAll(async () => {
    peer = await startSmtpPeer();
    t = await createTestApp(
      {
        SMTP_URL: peer.url,
        MAIL_FROM: 'RFS Assistance <contact@rfs.example>',
        STAFF_EMAIL: 'equipe@rfs.example',
        PUBLIC_URL: 'https://support.exemple.fr',
      },
      { realMailer: true },
    );
    staff = await staffLogin(t);
  });
  afterAll(async () => {
    await t.close();
    await peer.stop();
  });

  it('sends credentials and payment terms, and the invoice with its PDF attached, in French', async () => {
    const before = peer.received.length;
    await postOrder(t, staff, {
      clientName: 'Élodie Bérénger',
      clientEmail: 'elodie@exemple.fr',
      username: 'eberenger',
      password: 'Soleil-du-Midi-42',
      plan: 'duo',
      paymentMethod: 'virement',
      paymentStatus: 'paid',
      orderDate: todayIso(),
    });
    await t.drain();
    const mails = peer.received.slice(before);
    // Credentials, the invoice, and the contract's confirmation (the order is paid).
    expect(mails.map((m) => m.to)).toEqual([['elodie@exemple.fr'], ['elodie@exemple.fr'], ['elodie@exemple.fr']]);
    const credentials = mails.find((m) => /^Subject: Vos identifiants RFS Assistance/m.test(decodeMail(m.raw)))!;
    const invoice = mails.find((m) =>
      /^Subject: Votre facture RFS Assistance – abonnement Duo/m.test(decodeMail(m.raw)),
    )!;
    expect(credentials.from).toBe('contact@rfs.example');
    const text = decodeMail(credentials.raw);
    for (const line of [
      'Bonjour Élodie Bérénger,',
      'Nom d’utilisateur : eberenger',
      'Mot de passe : Soleil-du-Midi-42',
      'https://support.exemple.fr/client/login',
      'Votre paiement est bien reçu',
      'Mode de paiement : Virement',
    ]) {
      expect(text).toContain(line);
    }
    // Plain text and HTML, both French.
    expect(credentials.raw).toMatch(/Content-Type: text\/plain; charset=utf-8/);
    expect(credentials.raw).toMatch(/Content-Type: text\/html; charset=utf-8/);

    const [pdf] = attachmentsOf(invoice.raw);
    expect(pdf).toMatchObject({ contentType: 'application/pdf' });
    expect(pdf!.filename).toMatch(/^Facture_\d+\.pdf$/);
    const printed = await pdfText(pdf!.content);
    expect(printed).toContain('Élodie Bérénger');
    expect(printed).toContain('Duo');
    expect(decodeMail(invoice.raw)).toContain('Vous trouverez votre facture en pièce jointe');
  });

  it('delays an intervention notice while the server is down, never slows the request, and delivers it once', async () => {
    await postOrder(t, staff, {
      clientName: 'Gérard Lenoir',
      clientEmail: 'gerard@exemple.fr',
      username: 'glenoir',
      password: 'Motdepasse-GL-1',
      orderDate: todayIso(),
    });
    await t.drain();
    const client = await clientLogin(t, 'glenoir', 'Motdepasse-GL-1');
    const before = peer.received.length;

    await peer.stop();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/client/interventions',
      headers: client,
      payload: {
        description: 'Écran noir au démarrage',
        urgency: 'high',
        deviceType: 'pc_windows',
        deviceInfo: 'Dell Inspiron',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json<{ id: number }>().id;
    await t.drain(); // the first try meets a closed port
    const [waiting] = await t.db
      .select()
      .from(outbox)
      .where(eq(outbox.key, `staff-intervention:${id}`));
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1, recipient: 'equipe@rfs.example' });
    expect(waiting!.lastError).toMatch(/ECONNREFUSED|connect/i);
    // Its first retry is due 30 s later (the delays double up to an hour).
    const [{ delay }] = (
      await t.db.execute<{ delay: number }>(
        sql`select extract(epoch from next_attempt_at - now())::float8 as delay from outbox where id = ${waiting!.id}`,
      )
    ).rows as [{ delay: number }];
    expect(delay).toBeGreaterThan(20);
    expect(delay).toBeLessThanOrEqual(30);
    expect(peer.received.length).toBe(before);

    await peer.start();
    await t.app.jobs.skipBackoff(); // the retry's delay, without waiting for it
    await t.drain();
    await t.drain();
    const arrived = peer.received.slice(before);
    expect(arrived).toHaveLength(1);
    expect(arrived[0]!.to).toEqual(['equipe@rfs.example']);
    expect(decodeMail(arrived[0]!.raw)).toContain('Écran noir au démarrage');
    const [sent] = await t.db
      .select()
      .from(outbox)
      .where(eq(outbox.key, `staff-intervention:${id}`));
    expect(sent).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('gives a message up after every retry, shows it failed to staff, and « Renvoyer » sends it', async () => {
    await peer.stop();
    const done = await t.db.transaction((tx) =>
      t.app.mail.queue(tx, {
        key: 'dead-letter-test',
        kind: 'registration_refused',
        to: 'refus@exemple.fr',
        params: { name: 'Léa Refus', reason: 'Zone non desservie' },
      }),
    );
    expect(done).toBe(true);
    for (let attempt = 0; attempt <= MAIL_RETRY_LIMIT; attempt++) {
      await t.drain();
      await t.app.jobs.skipBackoff();
    }
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/outbox?status=failed', headers: staff });
    const failed = list.json<OutboxMessageDto[]>().find((m) => m.recipient === 'refus@exemple.fr')!;
    expect(failed).toMatchObject({ status: 'failed', attempts: MAIL_RETRY_LIMIT + 1, canResend: true });
    expect(failed.lastError).toMatch(/ECONNREFUSED|connect/i);

    await peer.start();
    const before = peer.received.length;
    const resent = await t.app.inject({ method: 'POST', url: `/api/admin/outbox/${failed.id}/resend`, headers: staff });
    expect(resent.statusCode, resent.body).toBe(200);
    // A new round of attempts: the count starts again.
    expect(resent.json<OutboxMessageDto>()).toMatchObject({ status: 'queued', attempts: 0 });
    await t.drain();
    expect(peer.received.slice(before).map((m) => m.to)).toEqual([['refus@exemple.fr']]);
    expect(decodeMail(peer.received.at(-1)!.raw)).toContain('« Zone non desservie »');
    const [sent] = await t.db.select().from(outbox).where(eq(outbox.id, failed.id));
    expect(sent).toMatchObject({ status: 'sent', attempts: 1 });
    const again = await t.app.inject({ method: 'POST', url: `/api/admin/outbox/${failed.id}/resend`, headers: staff });
    expect(again.statusCode).toBe(409);
  });
});
