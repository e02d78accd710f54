import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN, type TestApp } from '#server/test/harness.ts';
import { interventions, liveEvents, outbox, staffUsers } from '#server/db/schema.ts';
import { hashPassword } from '#server/services/security/passwords.ts';
import { loadConfig } from '#server/config.ts';
import { getPlan, responsePromise } from '#shared/plans.ts';
import { addBusinessMinutes } from '#shared/calendar/support-clock.ts';
import { todayIso } from '#shared/format.ts';
import type { ClientIntervention } from '#shared/interventions/intervention-api.ts';
import { clientLogin, postOrder, staffLogin } from '#server/test/fixtures.ts';
import { RESPONSE_ALERTS_QUEUE, scanResponseAlerts } from './response-alerts.ts';

const ask = { description: 'Plus de son', urgency: 'medium', deviceType: 'mac', deviceInfo: 'iMac' };
const minutes = (at: Date, n: number) => new Date(at.getTime() + n * 60_000);

describe('[INTERVENTIONS][ALERTS] warned before the promise is missed, escalated once late', () => {
  let t: TestApp;
  let client: Record<string, string>;
  let admin: Record<string, string>;
  const settings = { warnPercent: 75, escalatePercent: 100 };
  const scan = (at: Date, over: Partial<typeof settings> = {}) =>
    scanResponseAlerts({ db: t.db, mail: t.app.mail, clock: () => at, ...settings, ...over }, at);

  async function newIntervention() {
    const created = (
      await t.app.inject({ method: 'POST', url: '/api/client/interventions', headers: client, payload: ask })
    ).json<ClientIntervention>();
    const [row] = await t.db.select().from(interventions).where(eq(interventions.id, created.id));
    const promise = responsePromise(getPlan(row!.plan!), row!.urgency);
    return {
      id: created.id,
      warnAt: addBusinessMinutes(row!.createdAt, promise.minutes * 0.75, promise.schedule),
      dueAt: row!.dueAt!,
    };
  }
  const mailsOf = async (kind: string, id: number) =>
    (
      await t.db
        .select()
        .from(outbox)
        .where(eq(outbox.kind, kind as never))
    ).filter((m) => (m.params as { interventionId: number }).interventionId === id);
  const eventsOf = async (id: number) =>
    (await t.db.select().from(liveEvents).where(eq(liveEvents.interventionId, id))).filter(
      (e) => e.kind.startsWith('intervention.due_soon') || e.kind === 'intervention.overdue',
    );

  beforeAll(async () => {
    t = await createTestApp({ STAFF_EMAIL: 'equipe@exemple.fr' });
    admin = await staffLogin(t);
    await t.db
      .update(staffUsers)
      .set({ email: 'patron@exemple.fr' })
      .where(eq(staffUsers.username, TEST_ADMIN.username));
    await t.db.insert(staffUsers).values({
      username: 'tech.alerte',
      email: 'tech@exemple.fr',
      role: 'technicien',
      passwordHash: await hashPassword('motdepasse-technicien-x'),
    });
    await postOrder(t, admin, {
      clientName: 'Claire Son',
      clientEmail: 'claire@exemple.fr',
      username: 'claire',
      password: 'Azur-Passerelle-2026',
      orderDate: todayIso(),
      plan: 'etendue',
    });
    client = await clientLogin(t, 'claire', 'Azur-Passerelle-2026');
  });
  afterAll(async () => t.close());

  it('warns every member on duty at 75 % of the time, once, live and by e-mail through the queue', async () => {
    const r = await newIntervention();
    expect((await scan(minutes(r.warnAt, -1))).warned).not.toContain(r.id);
    expect((await scan(r.warnAt)).warned).toEqual([r.id]);
    // A second scan, or another instance's, finds it claimed.
    expect((await scan(minutes(r.warnAt, 1))).warned).toEqual([]);
    const mails = await mailsOf('staff_response_due_soon', r.id);
    expect(mails.map((m) => m.recipient).sort()).toEqual(['patron@exemple.fr', 'tech@exemple.fr']);
    expect(mails[0]!.subject).toBe(`Réponse bientôt due : intervention n° ${r.id} (Claire Son)`);
    const events = await eventsOf(r.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ kind: 'intervention.due_soon', staffRole: null, clientText: null });
    await t.drain();
    expect(
      t.mailer.sent.filter((m) => m.subject.startsWith(`Réponse bientôt due : intervention n° ${r.id}`)),
    ).toHaveLength(2);
  });

  it('past the due time: marked late, the admins alone are told, once; an answered intervention never is', async () => {
    const r = await newIntervention();
    const late = await scan(minutes(r.dueAt, 1));
    // Missed while nobody scanned: escalated at once, with no warning afterwards.
    expect(late.escalated).toContain(r.id);
    expect(late.warned).toEqual([]);
    expect(await scan(minutes(r.dueAt, 5))).toEqual({ warned: [], escalated: [] });
    expect((await mailsOf('staff_response_overdue', r.id)).map((m) => m.recipient)).toEqual(['patron@exemple.fr']);
    expect(await mailsOf('staff_response_due_soon', r.id)).toEqual([]);
    expect((await eventsOf(r.id)).map((e) => [e.kind, e.staffRole])).toEqual([['intervention.overdue', 'admin']]);
    const [row] = await t.db.select().from(interventions).where(eq(interventions.id, r.id));
    expect(row!.escalatedAt).not.toBeNull();
    // The back-office marks it.
    const listed = (
      await t.app.inject({ method: 'GET', url: '/api/admin/interventions?limit=200', headers: admin })
    ).json<{ id: number; escalatedAt: string | null }[]>();
    expect(listed.find((i) => i.id === r.id)?.escalatedAt).toBe(row!.escalatedAt!.toISOString());

    const answered = await newIntervention();
    await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/interventions/${answered.id}`,
      headers: admin,
      payload: { status: 'in_progress' },
    });
    expect(await scan(minutes(answered.dueAt, 1))).toEqual({ warned: [], escalated: [] });
  });

  it('warns only the member handling it, and runs from the queue on the app’s clock', async () => {
    const r = await newIntervention();
    const [tech] = await t.db.select().from(staffUsers).where(eq(staffUsers.username, 'tech.alerte'));
    await t.app.inject({
      method: 'PUT',
      url: `/api/admin/interventions/${r.id}/assignee`,
      headers: admin,
      payload: { staffId: tech!.id },
    });
    t.clock.set(r.warnAt);
    await t.db.transaction(async (tx) => t.app.jobs.send(tx, RESPONSE_ALERTS_QUEUE, {}));
    await t.drain();
    expect((await mailsOf('staff_response_due_soon', r.id)).map((m) => m.recipient)).toEqual(['tech@exemple.fr']);
  });

  it('the thresholds are settings', async () => {
    const r = await newIntervention();
    const half = (await scan(minutes(r.warnAt, -1), { warnPercent: 50 })).warned;
    expect(half).toContain(r.id);
    expect(loadConfig({}).RESPONSE_WARNING_PERCENT).toBe(75);
    expect(loadConfig({ RESPONSE_WARNING_PERCENT: '90' }).RESPONSE_WARNING_PERCENT).toBe(90);
    expect(() => loadConfig({ RESPONSE_WARNING_PERCENT: '100' })).toThrow(/RESPONSE_WARNING_PERCENT/);
  });
});
