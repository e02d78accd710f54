import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import {
  auditLog,
  clients,
  clientSessions,
  inboxItems,
  interventionAttachments,
  interventionMessages,
  interventions,
  liveEvents,
  liveSignals,
  loginThrottle,
  passwordResetTokens,
  paymentEvents,
  screenShares,
} from '#server/db/schema.ts';
import { KNOWN_ADDRESS_DAYS } from '#server/services/security/login-throttle.ts';
import { RETENTION, retentionLimit, type RetentionKey } from '#shared/privacy/retention-periods.ts';
import { PRIVACY_PURGES, PRIVACY_RETENTION_QUEUE, PURGED_ELSEWHERE, purgePastPeriods } from './retention.ts';

const DAY = 86_400_000;
const MINUTE = 60_000;
// The clock the purge is given: the boundaries below are counted from it, never from the machine's time.
const now = new Date('2026-11-27T03:00:00Z');
/** A day inside the period (kept) or a day past it (gone), for periods counted in days, months or years. */
const inside = (key: RetentionKey) => new Date(retentionLimit(RETENTION[key], now).getTime() + DAY);
const past = (key: RetentionKey) => new Date(retentionLimit(RETENTION[key], now).getTime() - DAY);

describe('[PRIVACY][RETENTION] every period of the privacy page is enforced at its boundary', () => {
  let t: TestApp;
  let clientId: number;
  beforeAll(async () => {
    t = await createTestApp();
    const [client] = await t.db
      .insert(clients)
      .values({ email: 'garde@exemple.fr', name: 'Claire Garde' })
      .returning({ id: clients.id });
    clientId = client!.id;
  });
  afterAll(async () => t.close());

  it('each period is purged by a job, except the two a person decides', () => {
    const byJob = Object.entries(RETENTION)
      .filter(([, p]) => p.by === 'job')
      .map(([key]) => key);
    expect([...PRIVACY_PURGES, ...PURGED_ELSEWHERE].sort()).toEqual(byJob.sort());
    expect(Object.keys(RETENTION).filter((key) => !byJob.includes(key))).toEqual(['account', 'billing']);
    // The sign-in counters must outlive the memory of a known address, or its owner would be slowed again.
    expect(RETENTION.loginThrottle.amount).toBeGreaterThan(KNOWN_ADDRESS_DAYS);
  });

  it('deletes or blanks what is one day past its period, keeps what is one day inside, and a rerun finds nothing', async () => {
    const request = async (name: string, status: 'completed' | 'cancelled' | 'in_progress', closedAt: Date) => {
      const [row] = await t.db
        .insert(interventions)
        .values({ clientId, title: name, description: name, status, remoteTool: 'anydesk', remoteId: '123 456 789' })
        .returning({ id: interventions.id });
      const [message] = await t.db
        .insert(interventionMessages)
        .values({ interventionId: row!.id, author: 'client', body: name })
        .returning({ id: interventionMessages.id });
      await t.db.insert(interventionAttachments).values({
        messageId: message!.id,
        name: `${name}.png`,
        mimeType: 'image/png',
        size: 1,
        data: Buffer.from([1]),
      });
      // Last, so no insert above moves the closure.
      await t.db.update(interventions).set({ updatedAt: closedAt }).where(eq(interventions.id, row!.id));
      return row!.id;
    };

    await request('id-garde', 'completed', inside('remoteIds'));
    await request('id-efface', 'cancelled', past('remoteIds'));
    await request('messages-gardes', 'completed', inside('requestMessages'));
    await request('messages-effaces', 'completed', past('requestMessages'));
    await request('demande-gardee', 'cancelled', inside('requests'));
    await request('demande-effacee', 'completed', past('requests'));
    // A request still open is never touched, however old.
    const open = await request('ouverte', 'in_progress', past('requests'));

    await t.db.insert(screenShares).values([
      { interventionId: open, clientId, startedAt: past('screenShares'), endedAt: inside('screenShares') },
      { interventionId: open, clientId, startedAt: past('screenShares'), endedAt: past('screenShares') },
    ]);
    await t.db.insert(clientSessions).values([
      { idHash: 'session-valide', clientId, expiresAt: new Date(now.getTime() + MINUTE) },
      { idHash: 'session-expiree', clientId, expiresAt: new Date(now.getTime() - MINUTE) },
    ]);
    await t.db.insert(passwordResetTokens).values([
      { tokenHash: 'lien-valide', clientId, createdAt: now, expiresAt: new Date(now.getTime() + MINUTE) },
      { tokenHash: 'lien-expire', clientId, createdAt: now, expiresAt: new Date(now.getTime() - MINUTE) },
    ]);
    const attempt = (keyHash: string, lastAttemptAt: Date) => ({
      scope: 'client',
      bucket: 'pair',
      keyHash,
      lastAttemptAt,
    });
    await t.db
      .insert(loginThrottle)
      .values([attempt('recent', inside('loginThrottle')), attempt('ancien', past('loginThrottle'))]);
    const item = (kind: 'contact' | 'registration', name: string, createdAt: Date, linked = false) => ({
      kind,
      name,
      email: `${name}@exemple.fr`,
      createdAt,
      clientId: linked ? clientId : null,
    });
    await t.db
      .insert(inboxItems)
      .values([
        item('contact', 'contact-garde', inside('contactMessages')),
        item('contact', 'contact-efface', past('contactMessages')),
        item('registration', 'inscription-gardee', inside('registrations')),
        item('registration', 'inscription-effacee', past('registrations')),
        item('registration', 'inscription-devenue-compte', past('registrations'), true),
      ]);
    const audit = (entityId: string, createdAt: Date) => ({
      staffUsername: 'staff',
      action: 'update',
      entity: 'client',
      entityId,
      createdAt,
    });
    await t.db.insert(auditLog).values([audit('garde', inside('auditLog')), audit('efface', past('auditLog'))]);
    await t.db.insert(paymentEvents).values([
      { id: 'evt_garde', type: 'checkout.session.completed', receivedAt: inside('paymentEvents') },
      { id: 'evt_efface', type: 'checkout.session.completed', receivedAt: past('paymentEvents') },
    ]);
    await t.db.insert(liveEvents).values([
      { kind: 'garde', createdAt: inside('liveEvents') },
      { kind: 'efface', createdAt: past('liveEvents') },
    ]);
    await t.db.insert(liveSignals).values([
      { topic: 'garde', body: {}, createdAt: new Date(now.getTime() - 9 * MINUTE) },
      { topic: 'efface', body: {}, createdAt: new Date(now.getTime() - 11 * MINUTE) },
    ]);

    expect(await purgePastPeriods(t.db, now)).toEqual({
      clientSessions: 1,
      passwordResets: 1,
      loginThrottle: 1,
      remoteIds: 5, // every request closed longer ago than 30 days
      requestMessages: 3, // the messages of the three requests closed longer ago than 2 years (and their files)
      requests: 1,
      screenShares: 1,
      liveSignals: 1,
      liveEvents: 1,
      contactMessages: 1,
      registrations: 1,
      auditLog: 1,
      paymentEvents: 1,
    });

    const requests = await t.db
      .select({ title: interventions.title, remoteId: interventions.remoteId })
      .from(interventions)
      .orderBy(asc(interventions.title));
    expect(requests).toEqual([
      { title: 'demande-gardee', remoteId: null },
      { title: 'id-efface', remoteId: null },
      { title: 'id-garde', remoteId: '123 456 789' },
      { title: 'messages-effaces', remoteId: null },
      { title: 'messages-gardes', remoteId: null },
      { title: 'ouverte', remoteId: '123 456 789' },
    ]);
    const bodies = await t.db.select({ body: interventionMessages.body }).from(interventionMessages);
    expect(bodies.map((m) => m.body).sort()).toEqual(['id-efface', 'id-garde', 'messages-gardes', 'ouverte']);
    const files = await t.db.select({ name: interventionAttachments.name }).from(interventionAttachments);
    expect(files.map((f) => f.name).sort()).toEqual([
      'id-efface.png',
      'id-garde.png',
      'messages-gardes.png',
      'ouverte.png',
    ]);
    expect(await t.db.select({ endedAt: screenShares.endedAt }).from(screenShares)).toEqual([
      { endedAt: inside('screenShares') },
    ]);
    expect(await t.db.select({ id: clientSessions.idHash }).from(clientSessions)).toEqual([{ id: 'session-valide' }]);
    expect(await t.db.select({ h: passwordResetTokens.tokenHash }).from(passwordResetTokens)).toEqual([
      { h: 'lien-valide' },
    ]);
    expect(await t.db.select({ k: loginThrottle.keyHash }).from(loginThrottle)).toEqual([{ k: 'recent' }]);
    const items = await t.db.select({ name: inboxItems.name }).from(inboxItems).orderBy(asc(inboxItems.name));
    expect(items.map((i) => i.name)).toEqual(['contact-garde', 'inscription-devenue-compte', 'inscription-gardee']);
    // (the entries the app wrote when it started are recent, hence kept)
    const entries = await t.db
      .select({ id: auditLog.entityId })
      .from(auditLog)
      .where(inArray(auditLog.entityId, ['garde', 'efface']));
    expect(entries).toEqual([{ id: 'garde' }]);
    expect(await t.db.select({ id: paymentEvents.id }).from(paymentEvents)).toEqual([{ id: 'evt_garde' }]);
    expect(await t.db.select({ kind: liveEvents.kind }).from(liveEvents)).toEqual([{ kind: 'garde' }]);
    expect(await t.db.select({ topic: liveSignals.topic }).from(liveSignals)).toEqual([{ topic: 'garde' }]);

    const again = await purgePastPeriods(t.db, now);
    expect(Object.values(again).every((n) => n === 0)).toBe(true);
  });

  it('is a queue of the app, so one instance runs it each night', async () => {
    expect(await t.app.jobs.boss.getQueue(PRIVACY_RETENTION_QUEUE)).toMatchObject({
      name: PRIVACY_RETENTION_QUEUE,
      policy: 'singleton',
    });
  });
});
