import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminCounts } from '#shared/staff/admin-counts.ts';
import { deviceProofs, devices, inboxItems, interventions, outbox } from '#server/db/schema.ts';
import { newClient, newTechnician, staffTestApp } from '#server/test/fixtures.ts';

describe('[ADMIN][COUNTS] GET /api/admin/counts: what waits beside each tab', () => {
  const { t, staff } = staffTestApp();
  let tech: Record<string, string>;
  let client: { id: number; headers: Record<string, string> };
  let waiting: number[];

  beforeAll(async () => {
    tech = (await newTechnician(t, { username: 'tech-compteurs', password: 'motdepasse-technicien' })).headers;
    client = await newClient(t, staff, 'compteurs');
    const ask = (status: 'pending' | 'in_progress' | 'completed') => ({
      clientId: client.id,
      title: 'Demande d’assistance',
      description: 'Écran noir',
      status,
    });
    // Counted: pending and nobody on them. Not counted: in progress, completed.
    const rows = await t.db
      .insert(interventions)
      .values([ask('pending'), ask('pending'), ask('in_progress'), ask('completed')])
      .returning({ id: interventions.id });
    waiting = rows.slice(0, 2).map((r) => r.id);
    await t.db.insert(inboxItems).values([
      { kind: 'contact', name: 'Paul', email: 'paul@exemple.fr', message: 'Bonjour' },
      { kind: 'contact', name: 'Lise', email: 'lise@exemple.fr', message: 'Bonjour' },
      { kind: 'contact', name: 'Marc', email: 'marc@exemple.fr', message: 'Bonjour', status: 'replied' },
    ]);
    // A proof to check: pending with a file. Not yet: pending without one. Done: verified.
    const [withProof, , verified] = await t.db
      .insert(devices)
      .values([
        { clientId: client.id, deviceType: 'macbook', deviceInfo: 'MacBook Air' },
        { clientId: client.id, deviceType: 'windows-pc', deviceInfo: 'PC HP' },
        { clientId: client.id, deviceType: 'windows-pc', deviceInfo: 'PC Dell', status: 'verified' },
      ])
      .returning();
    const proof = { name: 'facture.pdf', mimeType: 'application/pdf', size: 9, data: Buffer.from('%PDF-1.7\n') };
    await t.db.insert(deviceProofs).values([
      { deviceId: withProof!.id, ...proof },
      { deviceId: verified!.id, ...proof },
    ]);
    const mail = { kind: 'erasure_done' as const, subject: 'Vos données', params: { name: 'X' } };
    await t.db.insert(outbox).values([
      { ...mail, key: 'compteurs-1', recipient: 'a@exemple.fr', status: 'failed', attempts: 11 },
      { ...mail, key: 'compteurs-2', recipient: 'b@exemple.fr', status: 'sent', attempts: 1 },
    ]);
  });

  const counts = async (headers: Record<string, string>) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/counts', headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<AdminCounts>();
  };

  it('counts what waits: requests nobody holds, pending messages, proofs to check, failed e-mails', async () => {
    expect(await counts(staff)).toEqual({ unassignedInterventions: 2, inbox: 2, proofsToCheck: 1, failedMails: 1 });
  });

  it('gives a technician the figures of their tabs, not the e-mails', async () => {
    expect(await counts(tech)).toEqual({ unassignedInterventions: 2, inbox: 2, proofsToCheck: 1, failedMails: null });
  });

  it('follows the work: a request taken by a member leaves the count', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/interventions/${waiting[0]}`,
      headers: tech,
      payload: { status: 'in_progress' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await counts(staff)).unassignedInterventions).toBe(1);
  });

  it('answers 401 without a staff session and 403 to a client', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/admin/counts' });
    expect(anonymous.statusCode).toBe(401);
    const asClient = await t.app.inject({ method: 'GET', url: '/api/admin/counts', headers: client.headers });
    expect(asClient.statusCode).toBe(403);
  });
});
