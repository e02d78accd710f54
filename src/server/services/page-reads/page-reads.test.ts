import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIso } from '#shared/format.ts';
import type { Prefetched } from '#client/entry-server.tsx';
import { prefetchUrlsFor } from '#client/pages/client/api/prefetch.ts';
import { CLIENT_COOKIE, sessionCookieName } from '#server/plugins/auth.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import { clientLogin, postOrder, staffLogin } from '#server/test/fixtures.ts';
import { eq } from 'drizzle-orm';
import { interventionRatings, interventions, staffUsers } from '#server/db/schema.ts';
import { clientPageReader } from './page-reads.ts';

describe('[CLIENT][PAGES] a signed-in page starts from the answers its API routes would give', () => {
  let t: TestApp;
  let token: string;
  let read: ReturnType<typeof clientPageReader>;
  const calledApi: string[] = [];

  /** The route itself, as the browser would call it. */
  async function viaApi(url: string): Promise<Prefetched | null> {
    calledApi.push(url);
    const cookie = sessionCookieName(t.config, CLIENT_COOKIE);
    const res = await t.app.inject({ method: 'GET', url, cookies: { [cookie]: token } });
    if (res.statusCode !== 200) return null;
    const total = res.headers['x-total-count'];
    return { url, body: res.json(), ...(total !== undefined ? { total: Number(total) } : {}) };
  }

  beforeAll(async () => {
    t = await createTestApp();
    const staff = await staffLogin(t);
    // Two orders (a paid one running, a pending renewal) and six requests: more than a dashboard's first page.
    await postOrder(t, staff, {
      clientName: 'Claire Martin',
      clientEmail: 'claire@exemple.fr',
      username: 'claire',
      password: 'Azur-Passerelle-2026',
      plan: 'famille',
      orderDate: todayIso(),
    });
    await postOrder(t, staff, {
      clientName: 'Claire Martin',
      clientEmail: 'claire@exemple.fr',
      plan: 'pro',
      paymentStatus: 'pending',
      orderDate: todayIso(),
    });
    const headers = await clientLogin(t, 'claire', 'Azur-Passerelle-2026');
    token = headers.cookie!.split('=').slice(1).join('=');
    const ids: number[] = [];
    for (let i = 1; i <= 6; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/client/interventions',
        headers,
        payload: {
          description: `Imprimante ${i} : « $& » <b>`,
          urgency: 'medium',
          deviceType: 'pc_windows',
          deviceInfo: 'HP Envy',
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json<{ id: number }>().id);
    }
    // One rated request (on the first page) and one changed after its rating: both lists show ratings.
    await t.db.insert(interventionRatings).values([
      { interventionId: ids[5]!, stars: 4, comment: 'Rapide, merci' },
      {
        interventionId: ids[0]!,
        stars: 2,
        comment: '',
        createdAt: new Date('2026-01-02T10:00:00Z'),
        updatedAt: new Date('2026-01-03T10:00:00Z'),
      },
    ]);
    // Requests handled or opened by staff name them (« Pris en charge par … », « Ouverte par … »): one by a member
    // with a first name, one by a member without (« l’équipe »).
    const [admin] = await t.db.select({ id: staffUsers.id }).from(staffUsers);
    const [named] = await t.db
      .insert(staffUsers)
      .values({ username: 'julien', firstName: 'Julien', passwordHash: 'x', role: 'technicien' })
      .returning({ id: staffUsers.id });
    await t.db
      .update(interventions)
      .set({ assignedStaffId: named!.id, openedByStaffId: admin!.id })
      .where(eq(interventions.id, ids[4]!));
    await t.db.update(interventions).set({ assignedStaffId: admin!.id }).where(eq(interventions.id, ids[3]!));
    read = clientPageReader(t.app);
  });
  afterAll(async () => t.close());

  it.each(['/dashboard', '/client/dashboard', '/', '/client/account'])(
    "%s: every answer equals its route's, without calling the API",
    async (pathname) => {
      const { session, data } = prefetchUrlsFor(pathname);
      const urls = [session, ...data];
      calledApi.length = 0;
      const direct = await read(token, urls, viaApi);
      expect(calledApi).toEqual([]);
      const throughApi = await Promise.all(urls.map(viaApi));
      expect(direct).toEqual(throughApi);
      if (pathname === '/dashboard') {
        const interventions = direct!.find((answer) => answer.url.startsWith('/api/interventions'))!;
        expect((interventions.body as unknown[]).length).toBe(5);
        expect(interventions.total).toBe(6);
        const names = (interventions.body as Array<{ handledBy: string | null; openedBy: string | null }>).map((i) => [
          i.handledBy,
          i.openedBy,
        ]);
        expect(names.slice(0, 3)).toEqual([
          [null, null],
          ['Julien', 'l’équipe'],
          ['l’équipe', null],
        ]);
      }
    },
  );

  it('reads further pages, a page past the end and a search as the routes answer them', async () => {
    const urls = [
      '/api/interventions?limit=5&offset=5',
      '/api/client/interventions?limit=2&offset=1',
      '/api/interventions?offset=40',
      '/api/client/orders?limit=1&offset=1',
      '/api/client/orders?offset=9',
      '/api/client/interventions?q=imprimante%203',
    ];
    calledApi.length = 0;
    const direct = await read(token, urls, viaApi);
    expect(calledApi).toEqual([]);
    expect(direct).toEqual(await Promise.all(urls.map(viaApi)));
    expect(direct!.map((answer) => answer.total)).toEqual([6, 6, 6, 2, 2, 1]);
  });

  it('gives a client without interventions the empty first page the routes give', async () => {
    const staff = await staffLogin(t);
    await postOrder(t, staff, {
      clientName: 'Paul Neuf',
      clientEmail: 'paul@exemple.fr',
      username: 'paul',
      password: 'Azur-Passerelle-2026',
      plan: 'basique',
      orderDate: todayIso(),
    });
    const headers = await clientLogin(t, 'paul', 'Azur-Passerelle-2026');
    const own = headers.cookie!.split('=').slice(1).join('=');
    const { session, data } = prefetchUrlsFor('/dashboard');
    const direct = await read(own, [session, ...data], viaApi);
    const previous = token;
    token = own;
    try {
      expect(direct).toEqual(await Promise.all([session, ...data].map(viaApi)));
    } finally {
      token = previous;
    }
    expect(direct!.find((answer) => answer.url.startsWith('/api/interventions'))).toMatchObject({ body: [], total: 0 });
  });

  it('asks the API for a call it has no read for, and gives null for a cookie that opens no session', async () => {
    calledApi.length = 0;
    const answers = await read(token, ['/api/auth/user', '/api/client/erasure-request'], viaApi);
    expect(calledApi).toEqual(['/api/client/erasure-request']);
    expect(answers!.map((answer) => answer.url)).toEqual(['/api/auth/user', '/api/client/erasure-request']);
    expect(await read('not-a-session', ['/api/auth/user'], viaApi)).toBeNull();
  });
});
