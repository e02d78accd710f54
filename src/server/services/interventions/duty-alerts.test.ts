import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN, type TestApp } from '#server/test/harness.ts';
import { auditLog, clients, interventions, liveEvents, outbox, staffUsers } from '#server/db/schema.ts';
import { hashPassword } from '#server/services/security/passwords.ts';
import { getPlan, responseDueAt } from '#shared/plans.ts';
import type { LiveEvent } from '#shared/live/live-api.ts';
import type { StaffMemberDto } from '#shared/staff/staff-members.ts';
import type { WeekHours } from '#shared/staff/duty-hours.ts';
import { staffLogin } from '#server/test/fixtures.ts';
import { scanResponseAlerts } from './response-alerts.ts';

const NIGHT = { username: 'tech.nuit', password: 'motdepasse-technicien-nuit' };
const day = { start: '09:00', end: '18:00' };
/** Monday to Friday, 9 h to 18 h; nights: every day from midnight to 6 h. */
const OFFICE: WeekHours = [null, day, day, day, day, day, null];
const NIGHTS: WeekHours = Array.from({ length: 7 }, () => ({ start: '00:00', end: '06:00' }));
// Paris is UTC+1 in December. 2 December 2026 is a Wednesday, the 6th a Sunday.
const WEDNESDAY_10H = new Date('2026-12-02T09:00:00Z');
const THURSDAY_3H = new Date('2026-12-03T02:00:00Z');
const SUNDAY_7H = new Date('2026-12-06T06:00:00Z');
/** An urgent request of a yearly plan: 30 minutes, around the clock; warned at 75 %, 22 min 30 s in. */
const WARN_AFTER_MS = 22.5 * 60_000;

describe('[INTERVENTIONS][ALERTS][DUTY] the response warning goes to the staff on duty', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let night: Record<string, string>;
  let clientId: number;
  const ids = { admin: 0, office: 0, night: 0 };
  const scan = (at: Date) =>
    scanResponseAlerts(
      {
        db: t.db,
        mail: t.app.mail,
        clock: () => at,
        warnPercent: 75,
        escalatePercent: 100,
        staffEmail: 'equipe@exemple.fr',
      },
      at,
    );

  async function warnedIntervention(createdAt: Date, assignedStaffId: number | null = null) {
    const [row] = await t.db
      .insert(interventions)
      .values({
        clientId,
        title: 'Demande d’assistance',
        description: 'Plus d’internet',
        urgency: 'high',
        plan: 'pro',
        createdAt,
        dueAt: responseDueAt(getPlan('pro'), 'high', createdAt),
        assignedStaffId,
      })
      .returning();
    expect((await scan(new Date(createdAt.getTime() + WARN_AFTER_MS))).warned).toEqual([row!.id]);
    const mails = (await t.db.select().from(outbox).where(eq(outbox.kind, 'staff_response_due_soon'))).filter(
      (m) => (m.params as { interventionId: number }).interventionId === row!.id,
    );
    const [event] = await t.db.select().from(liveEvents).where(eq(liveEvents.interventionId, row!.id));
    return { id: row!.id, recipients: mails.map((m) => m.recipient).sort(), mails, event: event! };
  }
  const seesWarning = async (headers: Record<string, string>, id: number) =>
    (await t.app.inject({ method: 'GET', url: '/api/admin/events', headers: { ...headers, 'last-event-id': '0' } }))
      .json<LiveEvent[]>()
      .some((e) => e.interventionId === id && e.kind === 'intervention.due_soon');

  beforeAll(async () => {
    t = await createTestApp({ STAFF_EMAIL: 'equipe@exemple.fr' });
    admin = await staffLogin(t);
    const [boss] = await t.db
      .update(staffUsers)
      .set({ email: 'patron@exemple.fr' })
      .where(eq(staffUsers.username, TEST_ADMIN.username))
      .returning();
    const [office, nightOne] = await t.db
      .insert(staffUsers)
      .values([
        {
          username: 'tech.jour',
          email: 'jour@exemple.fr',
          role: 'technicien',
          passwordHash: await hashPassword('motdepasse-technicien-jour'),
        },
        {
          username: NIGHT.username,
          email: 'nuit@exemple.fr',
          role: 'technicien',
          passwordHash: await hashPassword(NIGHT.password),
        },
      ])
      .returning();
    Object.assign(ids, { admin: boss!.id, office: office!.id, night: nightOne!.id });
    night = await staffLogin(t, NIGHT);
    const [client] = await t.db.insert(clients).values({ name: 'Claire Son', email: 'claire@exemple.fr' }).returning();
    clientId = client!.id;
  });
  afterAll(async () => t.close());

  it('an admin sets a member’s hours in « Équipe », a member their own; each change is in the audit log', async () => {
    for (const id of [ids.admin, ids.office]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/admin/team/${id}/duty-hours`,
        headers: admin,
        payload: { hours: OFFICE },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<StaffMemberDto>().dutyHours).toEqual(OFFICE);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/me/duty-hours', headers: night })).json()).toEqual({
      hours: null,
    });
    const own = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/me/duty-hours',
      headers: night,
      payload: { hours: NIGHTS },
    });
    expect(own.json()).toEqual({ hours: NIGHTS });
    // A technician does not set another member's hours.
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/api/admin/team/${ids.office}/duty-hours`,
          headers: night,
          payload: { hours: null },
        })
      ).statusCode,
    ).toBe(403);

    const team = (await t.app.inject({ method: 'GET', url: '/api/admin/team', headers: admin })).json<
      StaffMemberDto[]
    >();
    expect(team.find((m) => m.id === ids.night)!.dutyHours).toEqual(NIGHTS);
    const log = await t.db.select().from(auditLog).where(eq(auditLog.action, 'staff.duty_hours'));
    expect(log.map((e) => [e.staffUsername, e.entityId])).toEqual([
      [TEST_ADMIN.username, String(ids.admin)],
      [TEST_ADMIN.username, String(ids.office)],
      [NIGHT.username, String(ids.night)],
    ]);
    expect(log[2]).toMatchObject({ before: { dutyHours: null }, after: { dutyHours: NIGHTS } });
  });

  it('refuses hours that end before they start, or are no time, with a French message under the day', async () => {
    const backwards: WeekHours = [...OFFICE];
    backwards[3] = { start: '18:00', end: '09:00' };
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/me/duty-hours',
      headers: night,
      payload: { hours: backwards },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^Mercredi : l’heure de fin doit être après l’heure de début/);
    expect(res.json().fieldErrors['hours.3.end']).toHaveLength(1);
    const odd = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/me/duty-hours',
      headers: night,
      payload: { hours: [...OFFICE.slice(0, 6), { start: '25:00', end: '26:00' }] },
    });
    expect(odd.statusCode).toBe(400);
    expect(odd.json().message).toContain('Heure invalide');
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/admin/me/duty-hours',
          headers: night,
          payload: { hours: OFFICE.slice(0, 5) },
        })
      ).statusCode,
    ).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/me/duty-hours', headers: night })).json()).toEqual({
      hours: NIGHTS,
    });
  });

  it('on a weekday morning: the members on duty are warned, by e-mail and live; the night member is not', async () => {
    const r = await warnedIntervention(WEDNESDAY_10H);
    expect(r.recipients).toEqual(['jour@exemple.fr', 'patron@exemple.fr']);
    expect(r.event.staffIds?.sort()).toEqual([ids.admin, ids.office].sort());
    expect(await seesWarning(admin, r.id)).toBe(true);
    expect(await seesWarning(night, r.id)).toBe(false);
  });

  it('the member handling it is warned alone when on duty, and passed over when off duty', async () => {
    const atNight = await warnedIntervention(THURSDAY_3H, ids.night);
    expect(atNight.recipients).toEqual(['nuit@exemple.fr']);
    expect(atNight.event.staffIds).toEqual([ids.night]);
    expect(await seesWarning(night, atNight.id)).toBe(true);
    expect(await seesWarning(admin, atNight.id)).toBe(false);

    const byDay = await warnedIntervention(WEDNESDAY_10H, ids.night);
    expect(byDay.recipients).toEqual(['jour@exemple.fr', 'patron@exemple.fr']);
  });

  it('nobody on duty: the team’s address is told so, and every open page hears it', async () => {
    const r = await warnedIntervention(SUNDAY_7H);
    expect(r.recipients).toEqual(['equipe@exemple.fr']);
    expect(r.mails[0]!.params).toMatchObject({ nobodyOnDuty: true });
    expect(r.event.staffIds).toBeNull();
    expect(await seesWarning(night, r.id)).toBe(true);
    await t.drain();
    const sent = t.mailer.sent.find((m) => m.to === 'equipe@exemple.fr' && m.subject.includes(`n° ${r.id} `));
    expect(sent?.text).toContain('Aucun membre de l’équipe n’est de garde en ce moment');
  });

  it('members back on the plans’ hours are warned at any hour of their plan, as before hours existed', async () => {
    for (const id of [ids.admin, ids.office]) {
      await t.app.inject({
        method: 'PUT',
        url: `/api/admin/team/${id}/duty-hours`,
        headers: admin,
        payload: { hours: null },
      });
    }
    const r = await warnedIntervention(SUNDAY_7H);
    expect(r.recipients).toEqual(['jour@exemple.fr', 'patron@exemple.fr']);
    expect(r.mails[0]!.params).not.toHaveProperty('nobodyOnDuty');
  });
});
