import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CustomerDto } from '#shared/orders/customer-api.ts';
import { RETENTION, retentionLimit } from '#shared/privacy/retention-periods.ts';
import { todayIso } from '#shared/format.ts';
import { clients, inboxItems, interventions, orders, outbox } from '#server/db/schema.ts';
import { newTechnician, staffTestApp } from '#server/test/fixtures.ts';

const DAY = 86_400_000;
// The app's clock is set here: every boundary is counted from it, never from the machine's time.
const now = new Date('2026-11-27T10:00:00Z');
const limit = retentionLimit(RETENTION.account, now);
/** A calendar day `days` after the period's limit (negative: before it, past the period). */
const dayFromLimit = (days: number) => todayIso(new Date(limit.getTime() + days * DAY));

describe('[ADMIN][RETENTION] « Conservation dépassée »: accounts past their period, for an admin to anonymise', () => {
  const { t, staff } = staffTestApp();
  let tech: Record<string, string>;
  const ids: Record<string, number> = {};

  /** An account, created `createdAt`, with a paid order whose subscription's last day is `endsOn` when given. */
  async function account(key: string, createdAt: Date, endsOn?: string) {
    const email = `${key}@exemple.fr`;
    const name = `Client ${key}`;
    const [client] = await t.db.insert(clients).values({ name, email, createdAt }).returning({ id: clients.id });
    ids[key] = client!.id;
    if (!endsOn) return;
    await t.db.insert(orders).values({
      clientId: client!.id,
      clientName: name,
      clientEmail: email,
      plan: 'standard',
      paymentMethod: 'carte',
      paymentStatus: 'paid',
      price: '120.00',
      creditCost: '0',
      orderDate: '2022-01-01',
      createdBy: 'staff',
      verificationKey: `cle-${key}`,
      startsOn: '2022-01-01',
      endsOn,
    });
  }

  beforeAll(async () => {
    t.clock.set(now);
    tech = (await newTechnician(t, { username: 'tech-conservation', password: 'motdepasse-technicien' })).headers;
    const longAgo = new Date('2019-05-02T09:00:00Z');
    await account('fini-hier', longAgo, dayFromLimit(-1));
    await account('fini-demain', longAgo, dayFromLimit(1));
    await account('jamais-abonne', new Date(limit.getTime() - DAY));
    await account('tout-neuf', new Date(limit.getTime() + DAY));
    await account('en-cours', longAgo, dayFromLimit(-30));
    await t.db
      .insert(interventions)
      .values({ clientId: ids['en-cours']!, title: 'Écran noir', description: 'Rien ne s’affiche', status: 'pending' });
    await account('efface', longAgo);
  });

  const expired = async (headers = staff, query = '') => {
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/users?retention=expired${query}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    return { items: res.json<CustomerDto[]>(), total: Number(res.headers['x-total-count']) };
  };
  const erase = (id: number, headers = staff) =>
    t.app.inject({ method: 'POST', url: `/api/admin/clients/${id}/erase`, headers });

  it('lists a day past the period, not a day inside, from the last subscription or the creation, oldest first', async () => {
    const { items, total } = await expired();
    expect(items.map((c) => c.email)).toEqual([
      'efface@exemple.fr',
      'en-cours@exemple.fr',
      'fini-hier@exemple.fr',
      'jamais-abonne@exemple.fr',
    ]);
    expect(total).toBe(4);
    const ended = items.find((c) => c.email === 'fini-hier@exemple.fr')!;
    expect(ended).toMatchObject({ name: 'Client fini-hier', orderCount: 1, paidCount: 1, revenue: 0 });
    expect(ended.retention).toEqual({
      clientId: ids['fini-hier'],
      since: dayFromLimit(-1),
      from: 'subscription',
      openRequests: 0,
    });
    const never = items.find((c) => c.email === 'jamais-abonne@exemple.fr')!;
    expect(never).toMatchObject({ orderCount: 0, lastOrderDate: null });
    expect(never.retention).toMatchObject({ from: 'creation', since: dayFromLimit(-1), openRequests: 0 });
    expect(items.find((c) => c.email === 'en-cours@exemple.fr')!.retention!.openRequests).toBe(1);
  });

  it('pages and searches like the other lists', async () => {
    const page = expected(await expired(staff, '&limit=1&offset=1'));
    expect(page).toEqual({ emails: ['en-cours@exemple.fr'], total: 4 });
    const past = await expired(staff, '&limit=2&offset=10');
    expect(past).toEqual({ items: [], total: 4 });
    const found = expected(await expired(staff, '&q=JAMAIS'));
    expect(found).toEqual({ emails: ['jamais-abonne@exemple.fr'], total: 1 });
  });

  it('erases an account past its period at once, quietly, and leaves it out of the list', async () => {
    const res = await erase(ids['efface']!);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ kind: 'erasure', status: 'closed', name: 'Client supprimé' });
    expect(res.json().erasedAt).not.toBeNull();
    const [row] = await t.db.select().from(clients).where(eq(clients.id, ids['efface']!));
    expect(row).toMatchObject({ name: 'Client supprimé', email: `supprime-${ids['efface']}@invalid` });
    // The record in « Messages » says why, naming nobody; the person, who asked nothing, is not e-mailed.
    const [record] = await t.db.select().from(inboxItems).where(eq(inboxItems.clientId, ids['efface']!));
    expect(record!.message).toMatch(/a dépassé sa durée de conservation \(3 ans après sa création/);
    expect(await t.db.select().from(outbox).where(eq(outbox.kind, 'erasure_done'))).toEqual([]);
    expect((await expired()).items.map((c) => c.email)).not.toContain('efface@exemple.fr');
    const again = await erase(ids['efface']!);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Les données de ce client ont déjà été effacées.');
  });

  it('waits while a request is open, and refuses an account still inside its period', async () => {
    const open = await erase(ids['en-cours']!);
    expect(open.statusCode).toBe(409);
    expect(open.json()).toMatchObject({ code: 'REQUEST_OPEN' });
    expect(open.json().message).toMatch(/^Une demande d’assistance de ce client est en cours/);
    const inside = await erase(ids['fini-demain']!);
    expect(inside.statusCode).toBe(409);
    expect(inside.json().message).toBe(
      'Ce compte est encore dans sa durée de conservation (3 ans) : il ne peut pas encore être anonymisé.',
    );
    expect((await erase(999_999)).statusCode).toBe(404);
  });

  it('follows the clock: a day later, the account that ended a day inside is still inside; 3 days later it is past', async () => {
    t.clock.set(new Date(now.getTime() + DAY));
    expect((await expired()).items.map((c) => c.email)).not.toContain('fini-demain@exemple.fr');
    t.clock.set(new Date(now.getTime() + 3 * DAY));
    expect((await expired()).items.map((c) => c.email)).toContain('fini-demain@exemple.fr');
    t.clock.set(now);
  });

  it('is an admin’s, like the erasure: a technicien is refused both, in French', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/users?retention=expired', headers: tech });
    expect(list.statusCode).toBe(403);
    expect(list.json().message).toBe('Cette partie de l’espace staff est réservée aux administrateurs.');
    const res = await erase(ids['fini-hier']!, tech);
    expect(res.statusCode).toBe(403);
    const [still] = await t.db.select().from(clients).where(eq(clients.id, ids['fini-hier']!));
    expect(still!.name).toBe('Client fini-hier');
  });

  it('counts only paid orders as a subscription: a renewal never paid does not restart the period', async () => {
    await t.db.insert(orders).values({
      clientId: ids['fini-hier']!,
      clientName: 'Client fini-hier',
      clientEmail: 'fini-hier@exemple.fr',
      plan: 'standard',
      paymentMethod: 'carte',
      paymentStatus: 'pending',
      price: '120.00',
      creditCost: '0',
      orderDate: todayIso(now),
      createdBy: 'staff',
      verificationKey: 'cle-fini-hier-renouvellement',
      startsOn: todayIso(now),
      endsOn: dayFromLimit(3 * 365 + 90),
    });
    const ended = (await expired()).items.find((c) => c.email === 'fini-hier@exemple.fr');
    expect(ended?.retention).toMatchObject({ since: dayFromLimit(-1), from: 'subscription' });
  });

  it('answers a 400 in French to a filter it does not know', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/users?retention=bientot', headers: staff });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', message: 'Filtre de conservation invalide' });
  });
});

function expected(page: { items: CustomerDto[]; total: number }) {
  return { emails: page.items.map((c) => c.email), total: page.total };
}

describe('[ADMIN][RETENTION] the period of an account is counted in Paris days, across changes of clock', () => {
  const { t, staff } = staffTestApp();
  const listed = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/users?retention=expired', headers: staff });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<CustomerDto[]>().map((c) => c.email);
  };

  // Winter time in October 2026, summer time three years before on the same date: counted on the instant, 26 October
  // at 23:30 in Paris gave a limit of 27 October 2023, and this account could be erased half an hour early.
  it('keeps an account whose last day was three years ago today until midnight in Paris', async () => {
    t.clock.set(new Date('2026-10-26T22:30:00Z'));
    const [client] = await t.db
      .insert(clients)
      .values({ name: 'Client octobre', email: 'octobre@exemple.fr', createdAt: new Date('2019-05-02T09:00:00Z') })
      .returning({ id: clients.id });
    await t.db.insert(orders).values({
      clientId: client!.id,
      clientName: 'Client octobre',
      clientEmail: 'octobre@exemple.fr',
      plan: 'standard',
      paymentMethod: 'carte',
      paymentStatus: 'paid',
      price: '120.00',
      creditCost: '0',
      orderDate: '2022-10-27',
      createdBy: 'staff',
      verificationKey: 'cle-octobre',
      startsOn: '2022-10-27',
      endsOn: '2023-10-26',
    });
    expect(await listed()).not.toContain('octobre@exemple.fr');
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/admin/clients/${client!.id}/erase`,
      headers: staff,
    });
    expect(refused.statusCode).toBe(409);

    t.clock.set(new Date('2026-10-26T23:00:00Z'));
    expect(await listed()).toContain('octobre@exemple.fr');
  });
});
