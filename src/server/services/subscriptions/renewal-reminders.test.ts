import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, outbox } from '#server/db/schema.ts';
import type { SubscriptionDto } from '#shared/subscriptions/subscription-api.ts';
import { createTestApp, openTestDatabase, type TestApp } from '#server/test/harness.ts';
import { postOrder, staffLogin, staffTestApp } from '#server/test/fixtures.ts';
import { REMINDERS_QUEUE, scheduleRenewalReminders } from './renewal-reminders.ts';

/** 9:00 in Paris on that day (winter time): when the daily job runs. */
const morning = (day: string) => `${day}T08:00:00Z`;

/** Runs the daily job as the cron would on that morning: the reminder scan, then the e-mails it queued. */
async function dailyRun(t: TestApp, day: string) {
  t.clock.set(morning(day));
  await t.db.transaction((tx) => t.app.jobs.send(tx, REMINDERS_QUEUE, {}));
  await t.drain();
}

describe('[REMINDERS] 14 and 3 days before a subscription ends, once, with a link to renew', () => {
  const { t, staff } = staffTestApp({ PUBLIC_URL: 'https://support.exemple.fr' });
  const reminders = () => t.mailer.sent.filter((m) => m.subject.startsWith('Votre abonnement'));

  beforeAll(async () => {
    // Jean: Basique from 1 December 2026, so his last day is 31 December 2026.
    await postOrder(t, staff, {
      clientName: 'Jean Dupont',
      clientEmail: 'jean@exemple.fr',
      username: 'jdupont',
      password: 'Soleil-du-Midi-42',
      plan: 'basique',
      orderDate: '2026-12-01',
    });
    // Anne: the same end, but already renewed: nothing to remind her of.
    await postOrder(t, staff, {
      clientName: 'Anne Martin',
      clientEmail: 'anne@exemple.fr',
      plan: 'basique',
      orderDate: '2026-12-01',
    });
    await postOrder(t, staff, {
      clientName: 'Anne Martin',
      clientEmail: 'anne@exemple.fr',
      plan: 'standard',
      orderDate: '2026-12-10',
    });
    // Paul: his order is not paid, so he has no subscription.
    await postOrder(t, staff, {
      clientName: 'Paul Durand',
      clientEmail: 'paul@exemple.fr',
      plan: 'basique',
      orderDate: '2026-12-01',
      paymentStatus: 'pending',
    });
    await t.drain();
    t.mailer.sent.length = 0;
  });

  it('sends nothing 15 days before, the 14-day reminder on the day, once whatever the reruns', async () => {
    await dailyRun(t, '2026-12-16');
    expect(reminders()).toHaveLength(0);
    await dailyRun(t, '2026-12-17');
    await dailyRun(t, '2026-12-17'); // the same morning again: a restart, a second instance
    await dailyRun(t, '2026-12-18');
    expect(reminders().map((m) => [m.to, m.subject])).toEqual([
      ['jean@exemple.fr', 'Votre abonnement Basique se termine le 31/12/2026'],
    ]);
    const [mail] = reminders();
    expect(mail!.text).toContain('Bonjour Jean Dupont,');
    expect(mail!.text).toContain('se termine dans 14 jours');
    expect(mail!.text).toContain('https://support.exemple.fr/dashboard?renouveler=basique');
    expect(mail!.html).toContain('href="https://support.exemple.fr/dashboard?renouveler=basique"');
  });

  it('shows staff which subscriptions expire soon, run, are to come, were renewed or expired', async () => {
    const states = async (day: string, query = '') => {
      t.clock.set(morning(day));
      const res = await t.app.inject({ method: 'GET', url: `/api/admin/subscriptions${query}`, headers: staff });
      expect(res.statusCode, res.body).toBe(200);
      return res
        .json<SubscriptionDto[]>()
        .map((s) => [s.clientEmail, s.plan, s.state])
        .sort();
    };
    expect(await states('2026-12-10')).toEqual([
      ['anne@exemple.fr', 'basique', 'active'],
      ['anne@exemple.fr', 'standard', 'upcoming'],
      ['jean@exemple.fr', 'basique', 'active'],
    ]);
    // From the first reminder on, Jean's shows « expire bientôt »; Anne's does not, her next one is booked.
    expect(await states('2026-12-20')).toEqual([
      ['anne@exemple.fr', 'basique', 'active'],
      ['anne@exemple.fr', 'standard', 'upcoming'],
      ['jean@exemple.fr', 'basique', 'expiring'],
    ]);
    expect(await states('2026-12-20', '?state=expiring')).toEqual([['jean@exemple.fr', 'basique', 'expiring']]);
    expect(await states('2027-01-05')).toEqual([
      ['anne@exemple.fr', 'basique', 'renewed'],
      ['anne@exemple.fr', 'standard', 'active'],
      ['jean@exemple.fr', 'basique', 'expired'],
    ]);
    expect(await states('2027-01-05', '?state=expired')).toEqual([['jean@exemple.fr', 'basique', 'expired']]);
    const bad = await t.app.inject({ method: 'GET', url: '/api/admin/subscriptions?state=bientot', headers: staff });
    expect(bad.statusCode).toBe(400);
  });

  it('sends the 3-day reminder on its day, once, and nothing after the end', async () => {
    await dailyRun(t, '2026-12-27');
    expect(reminders()).toHaveLength(1);
    await dailyRun(t, '2026-12-28');
    await dailyRun(t, '2026-12-28');
    await dailyRun(t, '2026-12-29');
    await dailyRun(t, '2027-01-01');
    const sent = reminders();
    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatchObject({
      to: 'jean@exemple.fr',
      subject: 'Votre abonnement Basique se termine le 31/12/2026',
    });
    expect(sent[1]!.text).toContain('se termine dans 3 jours');
    const rows = await t.db.select({ key: outbox.key }).from(outbox).where(eq(outbox.kind, 'renewal_reminder'));
    expect(rows.map((r) => r.key).sort()).toEqual([
      expect.stringMatching(/^renewal:client-\d+:2026-12-31:14$/),
      expect.stringMatching(/^renewal:client-\d+:2026-12-31:3$/),
    ]);
  });

  it('catches up the morning after a day the server was down, and starts again for the next period', async () => {
    // Jean renews on 30 December: a Pro year chained after the 31st, ending 31 December 2027.
    await postOrder(t, staff, {
      clientName: 'Jean Dupont',
      clientEmail: 'jean@exemple.fr',
      plan: 'pro',
      orderDate: '2026-12-30',
    });
    const [renewal] = await t.db.select({ endsOn: orders.endsOn }).from(orders).where(eq(orders.plan, 'pro'));
    expect(renewal!.endsOn).toBe('2027-12-31');
    await t.drain();
    const before = reminders().length;
    // Down on the 17th: the reminder leaves on the 18th, saying how many days are really left.
    await dailyRun(t, '2027-12-18');
    const late = reminders().slice(before);
    expect(late.map((m) => m.subject)).toEqual(['Votre abonnement Pro se termine le 31/12/2027']);
    expect(late[0]!.text).toContain('se termine dans 13 jours');
    expect(late[0]!.text).toContain('renouveler=pro');
  });
});

describe('[REMINDERS] two instances of the app on one database send each reminder once', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    database = await openTestDatabase();
    a = await createTestApp({}, { database });
    b = await createTestApp({}, { database });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.close();
  });

  it('registers one cron at 9:00 Paris time, however many instances register it', async () => {
    await scheduleRenewalReminders(a.app.jobs);
    await scheduleRenewalReminders(b.app.jobs);
    const schedules = await a.app.jobs.boss.getSchedules(REMINDERS_QUEUE);
    expect(schedules.map((s) => [s.name, s.cron, s.timezone])).toEqual([
      [REMINDERS_QUEUE, '0 9 * * *', 'Europe/Paris'],
    ]);
  });

  it('runs the same morning on both at once and sends each reminder once', async () => {
    const staff = await staffLogin(a);
    for (const [name, email] of [
      ['Jean Dupont', 'jean@exemple.fr'],
      ['Anne Martin', 'anne@exemple.fr'],
      ['Paul Durand', 'paul@exemple.fr'],
    ]) {
      await postOrder(a, staff, { clientName: name, clientEmail: email, plan: 'basique', orderDate: '2026-12-01' });
    }
    await Promise.all([a.drain(), b.drain()]);
    a.mailer.sent.length = 0;
    for (const t of [a, b]) {
      t.clock.set(morning('2026-12-17'));
      await t.db.transaction((tx) => t.app.jobs.send(tx, REMINDERS_QUEUE, {}));
    }
    // Each instance scans and sends at the same time as the other.
    await Promise.all([a.drain(), b.drain()]);
    await Promise.all([a.drain(), b.drain()]);
    const sent = [...a.mailer.sent, ...b.mailer.sent].filter((m) => m.subject.startsWith('Votre abonnement'));
    expect(sent.map((m) => m.to).sort()).toEqual(['anne@exemple.fr', 'jean@exemple.fr', 'paul@exemple.fr']);
  });
});
