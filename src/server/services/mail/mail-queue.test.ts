import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { outbox } from '#server/db/schema.ts';
import { createTestApp } from '#server/test/harness.ts';
import { MAIL_RETRY_LIMIT } from './delivery.ts';
import { postOrder, staffTestApp, validOrder } from '#server/test/fixtures.ts';
import type { OrderDocuments } from '#shared/billing/invoice-api.ts';

describe('[MAIL][QUEUE] every e-mail goes through the queue, in the business transaction', () => {
  const { t, staff } = staffTestApp({ STAFF_EMAIL: 'equipe@rfs.exemple' });

  it('answers an order before any mail leaves, then sends credentials and invoice once each', async () => {
    const before = t.mailer.sent.length;
    const created = await postOrder(t, staff, {
      clientName: 'Élodie Bérénger',
      clientEmail: 'elodie@exemple.fr',
      username: 'eberenger',
      password: 'Soleil-du-Midi-42',
      paymentMethod: 'virement',
      paymentStatus: 'paid',
    });
    expect(t.mailer.sent.length).toBe(before);
    const rows = await t.db.select().from(outbox).where(eq(outbox.recipient, 'elodie@exemple.fr')).orderBy(outbox.id);
    expect(rows.map((r) => [r.kind, r.status])).toEqual([
      ['credentials', 'queued'],
      ['invoice', 'queued'],
      ['contract_confirmation', 'queued'],
    ]);
    // The password is only sealed on the row, never in clear, nor anywhere in the job queue's tables.
    expect(JSON.stringify(rows)).not.toContain('Soleil-du-Midi-42');
    expect(rows[0]!.secret).toMatch(/^v1\./);
    const jobs = await t.db.execute(sql`select data from pgboss.job`);
    expect(JSON.stringify(jobs.rows)).not.toContain('Soleil');

    expect(await t.drain()).toBeGreaterThanOrEqual(2);
    // The contract confirmation (docs/decisions/041) has its own tests: contract-mail-smtp.test.ts.
    const sent = t.mailer.sent
      .slice(before)
      .filter((m) => !m.subject.startsWith('Confirmation de votre abonnement'))
      .sort((a, b) => a.subject.localeCompare(b.subject));
    expect(sent.map((m) => m.subject)).toEqual([
      'Vos identifiants RFS Assistance',
      'Votre facture RFS Assistance – abonnement Pro',
    ]);
    expect(sent[0]!.text).toContain('Nom d’utilisateur : eberenger');
    expect(sent[0]!.text).toContain('Mot de passe : Soleil-du-Midi-42');
    expect(sent[0]!.html).toContain('Soleil-du-Midi-42');
    // The invoice as issued: its own number, the very bytes staff download.
    const invoice = (created.order as typeof created.order & OrderDocuments).documents[0]!;
    expect(sent[1]!.attachments?.[0]).toMatchObject({
      filename: `Facture_${invoice.number}.pdf`,
      contentType: 'application/pdf',
    });
    const download = await t.app.inject({
      method: 'GET',
      url: `/api/admin/documents/${invoice.id}/pdf`,
      headers: staff,
    });
    expect(Buffer.compare(sent[1]!.attachments![0]!.content as Buffer, download.rawPayload)).toBe(0);

    const after = await t.db.select().from(outbox).where(eq(outbox.recipient, 'elodie@exemple.fr'));
    expect(after.every((r) => r.status === 'sent' && r.secret === null && r.attempts === 1 && r.sentAt !== null)).toBe(
      true,
    );
    // Draining again sends nothing more.
    await t.drain();
    expect(t.mailer.sent.length).toBe(before + 3);
  });

  it('sends the client each credit note on their invoice, its PDF attached, once', async () => {
    const created = await postOrder(t, staff, {
      clientName: 'Marc Avoir',
      clientEmail: 'marc.avoir@exemple.fr',
      paymentStatus: 'paid',
    });
    const invoice = (created.order as typeof created.order & OrderDocuments).documents[0]!;
    await t.drain();
    const before = t.mailer.sent.length;
    const credit = async (amount: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/admin/manual-orders/${created.id}/credit-notes`,
        headers: staff,
        payload: { amount, reason: 'Geste commercial' },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res
        .json<OrderDocuments>()
        .documents.filter((d) => d.kind === 'credit_note')
        .at(-1)!;
    };
    const partial = await credit('10');
    const rest = await credit(String(Number(invoice.totalTtc) - 10));
    await t.drain();
    // Sent side by side, in either order: sorted by their numbers.
    const sent = t.mailer.sent.slice(before).sort((a, b) => a.subject.localeCompare(b.subject));
    expect(sent.map((m) => [m.to, m.subject])).toEqual([
      ['marc.avoir@exemple.fr', `Votre avoir ${partial.number} – RFS Assistance`],
      ['marc.avoir@exemple.fr', `Votre avoir ${rest.number} – RFS Assistance`],
    ]);
    expect(sent[0]!.text).toContain(`Un avoir de 10,00\u00a0€ a été établi sur votre facture n° ${invoice.number}`);
    expect(sent[1]!.text).toContain(`Votre facture n° ${invoice.number} est annulée par l’avoir joint à ce message`);
    expect(sent[1]!.attachments?.[0]).toMatchObject({
      filename: `Avoir_${rest.number}.pdf`,
      contentType: 'application/pdf',
    });
    const download = await t.app.inject({ method: 'GET', url: `/api/admin/documents/${rest.id}/pdf`, headers: staff });
    expect(Buffer.compare(sent[1]!.attachments![0]!.content as Buffer, download.rawPayload)).toBe(0);
  });

  it('leaves no message when the transaction that queued it rolls back', async () => {
    const rowsBefore = await t.db.$count(outbox);
    await expect(
      t.db.transaction(async (tx) => {
        await t.app.mail.queue(tx, {
          key: 'rollback-test',
          kind: 'erasure_done',
          to: 'perdu@exemple.fr',
          params: { name: 'Perdu' },
        });
        expect(await tx.$count(outbox, eq(outbox.key, 'rollback-test'))).toBe(1);
        throw new Error('annulé');
      }),
    ).rejects.toThrow('annulé');
    expect(await t.db.$count(outbox)).toBe(rowsBefore);

    // A failing order (username taken) leaves no e-mail either.
    const taken = await t.app.inject({
      method: 'POST',
      url: '/api/admin/manual-orders',
      headers: staff,
      payload: validOrder({
        clientName: 'Autre',
        clientEmail: 'autre@exemple.fr',
        username: 'eberenger',
        password: 'Jardin-des-Plantes-7',
      }),
    });
    expect(taken.statusCode, taken.body).toBe(409);
    expect(await t.db.$count(outbox)).toBe(rowsBefore);
  });

  it('queues a message once per key, whoever asks again', async () => {
    const queue = () =>
      t.db.transaction((tx) =>
        t.app.mail.queue(tx, {
          key: 'once',
          kind: 'erasure_done',
          to: 'once@exemple.fr',
          params: { name: 'Une fois' },
        }),
      );
    expect(await queue()).toBe(true);
    expect(await queue()).toBe(false);
    const before = t.mailer.sent.length;
    await t.drain();
    expect(t.mailer.sent.slice(before).map((m) => m.to)).toEqual(['once@exemple.fr']);
  });

  it('sends each message once when two runs take messages at the same time (two instances on PostgreSQL)', async () => {
    const to = Array.from({ length: 12 }, (_, i) => `overlap${i}@exemple.fr`);
    await t.db.transaction(async (tx) => {
      for (const [i, address] of to.entries())
        await t.app.mail.queue(tx, {
          key: `overlap:${i}`,
          kind: 'erasure_done',
          to: address,
          params: { name: 'Double' },
        });
    });
    const before = t.mailer.sent.length;
    // Two instances' workers: each claims its own messages, whichever runs first.
    await Promise.all([t.drain(), t.drain()]);
    expect(
      t.mailer.sent
        .slice(before)
        .map((m) => m.to)
        .sort(),
    ).toEqual([...to].sort());
  });

  it('keeps four messages on their way while the SMTP server is slow, taking up those queued meanwhile', async () => {
    const send = t.mailer.send;
    const started: string[] = [];
    let release = () => {};
    const slowServer = new Promise<void>((resolve) => {
      release = resolve;
    });
    let firstStarted = () => {};
    let fourStarted = () => {};
    const first = new Promise<void>((resolve) => {
      firstStarted = resolve;
    });
    const four = new Promise<void>((resolve) => {
      fourStarted = resolve;
    });
    t.mailer.send = async (mail) => {
      started.push(mail.to);
      if (started.length === 1) firstStarted();
      if (started.length === 4) fourStarted();
      await slowServer;
      return send.call(t.mailer, mail);
    };
    const queue = (i: number) =>
      t.db.transaction((tx) =>
        t.app.mail.queue(tx, {
          key: `lane:${i}`,
          kind: 'erasure_done',
          to: `lane${i}@exemple.fr`,
          params: { name: 'Lent' },
        }),
      );
    try {
      await queue(0);
      const draining = t.drain();
      await first;
      // Four more while the first is still with the server: three free lanes take three of them, the last one waits.
      for (const i of [1, 2, 3, 4]) await queue(i);
      await four;
      expect(started).toHaveLength(4);
      const [fifth] = await t.db.select({ status: outbox.status }).from(outbox).where(eq(outbox.key, 'lane:4'));
      expect(fifth!.status).toBe('queued');
      release();
      await draining;
      expect([...started].sort()).toEqual(
        ['lane0', 'lane1', 'lane2', 'lane3', 'lane4'].map((name) => `${name}@exemple.fr`),
      );
    } finally {
      t.mailer.send = send;
    }
  });

  it('finishes the messages it holds when the server stops, and leaves the others queued for the next start', async () => {
    const other = await createTestApp();
    try {
      const send = other.mailer.send;
      const started: string[] = [];
      let release = () => {};
      const slowServer = new Promise<void>((resolve) => {
        release = resolve;
      });
      let fourStarted = () => {};
      const four = new Promise<void>((resolve) => {
        fourStarted = resolve;
      });
      other.mailer.send = async (mail) => {
        started.push(mail.to);
        if (started.length === 4) fourStarted();
        await slowServer;
        return send.call(other.mailer, mail);
      };
      await other.db.transaction(async (tx) => {
        for (let i = 0; i < 6; i++)
          await other.app.mail.queue(tx, {
            key: `stop:${i}`,
            kind: 'erasure_done',
            to: `stop${i}@exemple.fr`,
            params: { name: 'Arrêt' },
          });
      });
      await other.app.jobs.startWorkers();
      await four;
      const stopping = other.app.jobs.stop();
      release();
      await stopping;
      expect(started).toHaveLength(4);
      const statuses = (await other.db.select({ status: outbox.status }).from(outbox)).map((row) => row.status).sort();
      expect(statuses).toEqual(['queued', 'queued', 'sent', 'sent', 'sent', 'sent']);
    } finally {
      await other.close();
    }
  });

  it('leaves a message another worker holds, and takes it up when that worker died mid-send', async () => {
    await t.db.transaction((tx) =>
      t.app.mail.queue(tx, { key: 'held', kind: 'erasure_done', to: 'held@exemple.fr', params: { name: 'Tenu' } }),
    );
    // As a worker leaves it when it claims it: sending, for five minutes.
    await t.db
      .update(outbox)
      .set({ status: 'sending', attempts: 1, nextAttemptAt: sql`now() + interval '5 minutes'` })
      .where(eq(outbox.key, 'held'));
    const before = t.mailer.sent.length;
    await t.drain();
    expect(t.mailer.sent.length).toBe(before);

    // An instance of the previous release, during a rolling upgrade, holds it by its own column only.
    await t.db
      .update(outbox)
      .set({ nextAttemptAt: sql`now() - interval '1 second'`, claimedUntil: sql`now() + interval '5 minutes'` })
      .where(eq(outbox.key, 'held'));
    await t.drain();
    expect(t.mailer.sent.length).toBe(before);

    // The claim lapsed and the message is still « sending »: its worker died before it could say how it went.
    await t.db.update(outbox).set({ claimedUntil: null }).where(eq(outbox.key, 'held'));
    await t.drain();
    expect(t.mailer.sent.slice(before).map((m) => m.to)).toEqual(['held@exemple.fr']);
    const [row] = await t.db.select().from(outbox).where(eq(outbox.key, 'held'));
    expect(row).toMatchObject({ status: 'sent', attempts: 2, claimedUntil: null });
  });

  it('gives up a message whose every attempt was cut short, instead of taking it up forever', async () => {
    await t.db.transaction((tx) =>
      t.app.mail.queue(tx, {
        key: 'cut-short',
        kind: 'erasure_done',
        to: 'coupe@exemple.fr',
        params: { name: 'Coupé' },
      }),
    );
    // Its eleventh attempt's claim lapsed, as the ten before: each time the server stopped while sending it.
    await t.db
      .update(outbox)
      .set({ status: 'sending', attempts: MAIL_RETRY_LIMIT + 1, nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(outbox.key, 'cut-short'));
    const before = t.mailer.sent.length;
    await t.drain();
    expect(t.mailer.sent.length).toBe(before);
    const [row] = await t.db.select().from(outbox).where(eq(outbox.key, 'cut-short'));
    expect(row).toMatchObject({ status: 'failed', attempts: MAIL_RETRY_LIMIT + 1 });
    expect(row!.lastError).toMatch(/Chaque tentative d’envoi a été interrompue/);
  });
});
