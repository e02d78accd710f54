import { and, eq, inArray, or } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  clientRequestVersions,
  clientSessions,
  clients,
  deviceProofs,
  devices,
  inboxItems,
  interventionAttachments,
  interventionMessages,
  interventionRatings,
  interventions,
  invoices,
  liveEvents,
  liveSignals,
  onlinePayments,
  orders,
  outbox,
  passwordResetTokens,
  providerIntents,
  screenShares,
} from '#server/db/schema.ts';
import type { Device } from '#shared/devices/device-api.ts';
import type { ClientIntervention, UserIntervention } from '#shared/interventions/intervention-api.ts';
import { PRIVACY_COVERAGE } from '#server/services/privacy/coverage.ts';
import { exportClientData } from '#server/services/privacy/client-data.ts';
import { downloadClientData, multipartFile, newClient, staffTestApp } from '#server/test/fixtures.ts';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('capture-zoe')]);
const PDF = Buffer.from('%PDF-1.7\n% facture du portable de Zoé\n');
const STAFF_PNG = Buffer.concat([PNG, Buffer.from('-schema-equipe')]);

/** What Zoé and staff wrote about her: none of it may be left outside what the law keeps. */
const WRITTEN = [
  'Lenovo de Zoé',
  'Écran bleu chez Zoé',
  'Bonjour, voici la capture',
  'Merci Zoé, voici le schéma',
  'Cliente de Lyon',
  'Parfait, merci',
  '5 rue des Tilleuls',
  '987654321',
  'facture-lenovo.pdf',
  'capture-zoe.png',
  'zmarchal',
];
/** Who she is: printed on her invoice, so kept with orders and invoices, gone everywhere else. */
const IDENTITY = ['Zoé Marchal', 'zoe.marchal@exemple.fr'];

describe('[PRIVACY][COMPLETE] a client who used every feature: « Mes données » holds it all, the erasure leaves none', () => {
  const { t, staff } = staffTestApp();
  let zoe: { id: number; headers: Record<string, string> };
  let other: { id: number; headers: Record<string, string> };
  let requestId: number;
  let erasureId: number;
  const ids = { orders: [] as number[], interventions: [] as number[] };

  /** The client's rows in each table that holds client data, however the table reaches her. */
  const rowsOf: Record<string, () => Promise<unknown[]>> = {
    clients: () => t.db.select().from(clients).where(eq(clients.id, zoe.id)),
    client_sessions: () => t.db.select().from(clientSessions).where(eq(clientSessions.clientId, zoe.id)),
    password_reset_tokens: () =>
      t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.clientId, zoe.id)),
    devices: () => t.db.select().from(devices).where(eq(devices.clientId, zoe.id)),
    device_proofs: () =>
      t.db
        .select()
        .from(deviceProofs)
        .innerJoin(devices, eq(devices.id, deviceProofs.deviceId))
        .where(eq(devices.clientId, zoe.id)),
    interventions: () => t.db.select().from(interventions).where(eq(interventions.clientId, zoe.id)),
    intervention_messages: () =>
      t.db.select().from(interventionMessages).where(inArray(interventionMessages.interventionId, ids.interventions)),
    intervention_attachments: () =>
      t.db
        .select()
        .from(interventionAttachments)
        .innerJoin(interventionMessages, eq(interventionMessages.id, interventionAttachments.messageId))
        .where(inArray(interventionMessages.interventionId, ids.interventions)),
    intervention_ratings: () =>
      t.db.select().from(interventionRatings).where(inArray(interventionRatings.interventionId, ids.interventions)),
    screen_shares: () => t.db.select().from(screenShares).where(eq(screenShares.clientId, zoe.id)),
    inbox_items: () =>
      t.db
        .select()
        .from(inboxItems)
        .where(inArray(inboxItems.id, [requestId, erasureId])),
    orders: () => t.db.select().from(orders).where(inArray(orders.id, ids.orders)),
    invoices: () => t.db.select().from(invoices).where(inArray(invoices.orderId, ids.orders)),
    online_payments: () => t.db.select().from(onlinePayments).where(inArray(onlinePayments.orderId, ids.orders)),
    provider_intents: () => t.db.select().from(providerIntents).where(inArray(providerIntents.orderId, ids.orders)),
    outbox: () => t.db.select().from(outbox).where(eq(outbox.clientId, zoe.id)),
    audit_log: () =>
      t.db
        .select()
        .from(auditLog)
        .where(
          or(
            and(eq(auditLog.entity, 'order'), inArray(auditLog.entityId, ids.orders.map(String))),
            and(eq(auditLog.entity, 'intervention'), inArray(auditLog.entityId, ids.interventions.map(String))),
            and(eq(auditLog.entity, 'inbox_item'), eq(auditLog.entityId, String(requestId))),
          ),
        ),
    client_request_versions: () =>
      t.db.select().from(clientRequestVersions).where(eq(clientRequestVersions.clientId, zoe.id)),
    live_events: () => t.db.select().from(liveEvents).where(eq(liveEvents.clientId, zoe.id)),
    live_signals: () => t.db.select().from(liveSignals).where(eq(liveSignals.toClientId, zoe.id)),
  };
  const clientTables = Object.entries(PRIVACY_COVERAGE).filter(([, c]) => c.holdsClientData);
  const before = new Map<string, unknown[]>();

  const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, headers: object, payload?: object) =>
    t.app.inject({ method, url, headers: headers as Record<string, string>, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    zoe = await newClient(t, staff, 'zmarchal', {
      clientName: 'Zoé Marchal',
      clientEmail: 'zoe.marchal@exemple.fr',
      clientPhone: '06 98 76 54 32',
      plan: 'pro',
      notes: 'Cliente de Lyon',
    });
    // A device and its proof of ownership.
    const device = (
      await call('POST', '/api/client/devices', zoe.headers, {
        deviceType: 'windows-laptop',
        deviceInfo: 'Lenovo de Zoé',
      })
    ).json<Device>();
    const proof = multipartFile('facture-lenovo.pdf', PDF);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/api/client/devices/${device.id}/proofs`,
      payload: proof.payload,
      headers: { ...zoe.headers, ...proof.headers },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    // A request on it with a thread, a file either side, staff notes, a screen share, then a rating.
    const asked = await call('POST', '/api/client/interventions', zoe.headers, {
      description: 'Écran bleu chez Zoé',
      urgency: 'medium',
      deviceId: device.id,
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const id = asked.json<ClientIntervention>().id;
    const attachment = (data: Buffer, name: string) => ({ name, data: data.toString('base64') });
    const posts = [
      await call('POST', `/api/client/interventions/${id}/messages`, zoe.headers, {
        body: 'Bonjour, voici la capture',
        attachment: attachment(PNG, 'capture-zoe.png'),
      }),
      await call('POST', `/api/admin/interventions/${id}/messages`, staff, {
        body: 'Merci Zoé, voici le schéma',
        attachment: attachment(STAFF_PNG, 'schema.png'),
      }),
    ];
    for (const res of posts) expect(res.statusCode, res.body).toBe(201);
    const share = await call('POST', `/api/client/interventions/${id}/screen-share`, zoe.headers);
    expect(share.statusCode, share.body).toBe(201);
    for (const status of ['in_progress', 'completed']) {
      const res = await call('PATCH', `/api/admin/interventions/${id}`, staff, {
        status,
        staffNotes: 'Cliente de Lyon',
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(
      (
        await call('PUT', `/api/client/interventions/${id}/rating`, zoe.headers, {
          stars: 5,
          comment: 'Parfait, merci',
        })
      ).statusCode,
    ).toBe(200);
    // « Session à distance » with her RustDesk ID.
    const remote = await call('POST', '/api/interventions', zoe.headers, {
      title: 'Session à distance',
      description: 'Prise en main demandée',
      remoteTool: 'rustdesk',
      remoteId: '987654321',
    });
    expect(remote.statusCode, remote.body).toBe(201);
    ids.interventions = [id, remote.json<UserIntervention>().id];
    // Another client's request and file, which neither her download nor her erasure may touch.
    other = await newClient(t, staff, 'voisin');
    const asking = await call('POST', '/api/client/interventions', other.headers, {
      description: 'Imprimante du voisin en panne',
      deviceType: 'pc_windows',
      deviceInfo: 'HP',
      urgency: 'medium',
    });
    expect(asking.statusCode, asking.body).toBe(201);
    const theirs = asking.json<ClientIntervention>().id;
    const sent = await call('POST', `/api/client/interventions/${theirs}/messages`, other.headers, {
      body: 'Message du voisin',
      attachment: attachment(PNG, 'fichier-du-voisin.png'),
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const [order] = await t.db.select().from(orders).where(eq(orders.clientId, zoe.id));
    ids.orders = [order!.id];
    // A card payment of the order as the provider told it, and the call that asked for it (no provider here).
    await t.db.insert(onlinePayments).values({
      id: 'cs_test_zoe',
      orderId: order!.id,
      status: 'paid',
      amountCents: 5000,
      currency: 'eur',
      paymentIntent: 'pi_test_zoe',
    });
    await t.db.insert(providerIntents).values({
      kind: 'checkout',
      idempotencyKey: 'checkout-zoe',
      orderId: order!.id,
      request: { amountCents: 5000 },
      status: 'done',
    });
    // A signal of the running share on its way to her page.
    await t.db.insert(liveSignals).values({ topic: 'screen-share:zoe', toClientId: zoe.id, body: { type: 'offer' } });
    // A contact message from her address, a forgotten password, then her erasure request.
    const [contact] = await t.db
      .insert(inboxItems)
      .values({
        kind: 'contact',
        name: 'Zoé Marchal',
        email: 'zoe.marchal@exemple.fr',
        subject: 'Adresse',
        message: 'J’habite au 5 rue des Tilleuls',
      })
      .returning();
    requestId = contact!.id;
    await call('POST', '/api/auth/forgot-password', {}, { email: 'zmarchal' });
    expect((await call('POST', '/api/client/erasure-request', zoe.headers)).statusCode).toBe(202);
    const [erasure] = await t.db
      .select({ id: inboxItems.id })
      .from(inboxItems)
      .where(and(eq(inboxItems.kind, 'erasure'), eq(inboxItems.clientId, zoe.id)));
    erasureId = erasure!.id;
    await t.drain();
    for (const [table] of clientTables) before.set(table, await rowsOf[table]!());
  });

  it('has rows of hers in every table that holds client data (the test covers each one)', () => {
    for (const [table] of clientTables) {
      expect(rowsOf[table], `${table}: say how its rows reach a client`).toBeDefined();
      expect(before.get(table)!.length, table).toBeGreaterThan(0);
    }
  });

  it('exports every table where the coverage map says, and her files in the archive', async () => {
    const { entries, data } = await downloadClientData(t, zoe.headers);
    /** The values at a path of keys, arrays crossed. */
    const at = (path: string) =>
      path
        .split('.')
        .reduce<unknown[]>(
          (values, key) =>
            values
              .flatMap((v) => (v as Record<string, unknown>)[key] ?? [])
              .flatMap((v) => (Array.isArray(v) ? v : [v])),
          [data],
        );
    for (const [table, coverage] of clientTables) {
      if (!coverage.holdsClientData || typeof coverage.export !== 'string') continue;
      expect(at(coverage.export).length, `${table} in data.json at ${coverage.export}`).toBeGreaterThan(0);
    }
    const text = entries.get('data.json')!.toString('utf8');
    for (const written of [
      'Lenovo de Zoé',
      'Bonjour, voici la capture',
      'Merci Zoé, voici le schéma',
      '987654321',
      'Parfait, merci',
    ]) {
      expect(text).toContain(written);
    }
    expect(at('interventions.remoteTool')).toContain('rustdesk');
    expect(at('orders.onlinePayments')).toEqual([expect.objectContaining({ status: 'paid', amountCents: 5000 })]);
    // Her proof, her file and staff's file in her thread, each at the path data.json gives.
    const files = [...at('devices.proofs'), ...at('interventions.messages.attachments')] as {
      name: string;
      file: string;
    }[];
    expect(files.map((f) => f.name).sort()).toEqual(['capture-zoe.png', 'facture-lenovo.pdf', 'schema.png']);
    const bytes = new Map([
      ['facture-lenovo.pdf', PDF],
      ['capture-zoe.png', PNG],
      ['schema.png', STAFF_PNG],
    ]);
    for (const f of files) expect(entries.get(f.file)?.equals(bytes.get(f.name)!), f.file).toBe(true);
    expect([...entries.keys()].sort()).toEqual(['data.json', 'lisez-moi.txt', ...files.map((f) => f.file)].sort());
    expect(entries.get('lisez-moi.txt')!.toString('utf8')).toContain(
      `Le dossier « fichiers » contient ${files.length} fichier(s)`,
    );
    // No secret, no staff identity.
    expect(text).not.toMatch(/passwordHash|idHash|tokenHash|staffUsername|decidedBy|"createdBy"|cs_test_zoe/);
    expect(text).not.toMatch(/voisin/);
  });

  it('keeps the files of one download under its size guard, and says which stayed out', async () => {
    const exported = (await exportClientData(t.db, zoe.id, new Date(), PDF.length))!;
    expect(exported.files).toEqual([expect.objectContaining({ table: 'device_proofs' })]);
    const attachments = exported.data.interventions.flatMap((i) => i.messages.flatMap((m) => m.attachments));
    expect(attachments.map((a) => a.file)).toEqual([null, null]);
    expect(exported.data.about).toContain('2 fichier(s) trop volumineux pour ce téléchargement');
  });

  it('erases every table as the coverage map says, in one confirmation, keeping only what the law keeps', async () => {
    const res = await call('POST', `/api/admin/contacts/${erasureId}/erase`, staff);
    expect(res.statusCode, res.body).toBe(200);
    for (const [table, coverage] of clientTables) {
      if (!coverage.holdsClientData) continue;
      const rows = await rowsOf[table]!();
      const text = JSON.stringify(rows);
      if (coverage.erasure === 'deleted') expect(rows, table).toEqual([]);
      else if (coverage.erasure === 'blanked') {
        // Her request still open (the remote session) is cancelled: its history gains that entry, naming nobody.
        expect(rows.length, table).toBe(before.get(table)!.length + (table === 'audit_log' ? 1 : 0));
        for (const marker of [...WRITTEN, ...IDENTITY])
          expect(text, `${table} still holds « ${marker} »`).not.toContain(marker);
      } else {
        // Kept as billed: the identity the invoice prints stays, nothing else of hers.
        expect(rows.length, table).toBe(before.get(table)!.length);
        for (const marker of WRITTEN) expect(text, `${table} still holds « ${marker} »`).not.toContain(marker);
      }
    }
    // Her request done stays done, for the counts; the one still open is cancelled, nobody being left to help.
    const theirs = await t.db.select().from(interventions).where(eq(interventions.clientId, zoe.id));
    const statuses = new Map(theirs.map((i) => [i.id, i.status]));
    expect(ids.interventions.map((id) => statuses.get(id))).toEqual(['completed', 'cancelled']);
    // Once the last e-mail to her has left, no e-mail names her; the other client's thread is whole.
    await t.drain();
    const mails = JSON.stringify(await t.db.select().from(outbox));
    for (const marker of [...WRITTEN, ...IDENTITY]) expect(mails).not.toContain(marker);
    expect(await t.db.$count(interventionAttachments, eq(interventionAttachments.name, 'fichier-du-voisin.png'))).toBe(
      1,
    );
    const [order] = await rowsOf.orders!();
    expect(order).toMatchObject({ clientName: 'Zoé Marchal', clientEmail: 'zoe.marchal@exemple.fr' });
  });
});
