// The whole route table, read from the server as it registers its routes: a route added anywhere (even outside the
// areas' own scopes) is called here with no session, as a client, as another client and as staff.
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWorld, type World } from './world.ts';
import { TEST_ADMIN } from '#server/test/harness.ts';

/** Routes anyone may call. Every other API route needs a session: adding one here is a decision, not a formality. */
const PUBLIC = new Set([
  'GET /healthz',
  'POST /api/register',
  'GET /api/contact/captcha',
  'POST /api/contact',
  'GET /api/verify-invoice/:key',
  'POST /api/admin/login',
  'POST /api/admin/set-password',
  'POST /api/admin/login/code',
  'POST /api/admin/login/enrol',
  'POST /api/admin/login/enrol/confirm',
  'POST /api/client/login',
  'POST /api/auth/login',
  'POST /api/client/logout',
  'GET /api/login',
  'GET /api/logout',
  'POST /api/logout',
  'POST /api/auth/forgot-password',
  'POST /api/auth/reset-password',
  // the help centre answers visitors as it answers clients
  'GET /api/help/search',
  'POST /api/help/articles/:slug/feedback',
]);

type Route = { method: string; url: string };

function record(routes: Route[]) {
  return (route: RouteOptions) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method, url: route.url });
  };
}

describe('[SECURITY][ROUTES] every route of the server, with every kind of caller', () => {
  const routes: Route[] = [];
  let w: World;
  beforeAll(async () => {
    w = await buildWorld({}, { onRoute: record(routes) });
  });
  afterAll(async () => w.t.close());

  const key = (r: Route) => `${r.method} ${r.url}`;
  const api = () => routes.filter((r) => r.url.startsWith('/api/') && !PUBLIC.has(key(r)));
  const withIds = (url: string, ids: { orderId: number; interventionId: number }) =>
    url.replace(/\/([a-z-]+)\/:(\w+)/g, (_m, segment: string) => {
      if (segment === 'orders' || segment === 'manual-orders') return `/${segment}/${ids.orderId}`;
      if (segment === 'interventions') return `/${segment}/${ids.interventionId}`;
      return `/${segment}/1`;
    });

  it('knows every route: the public ones are listed, the others are API routes behind a session', () => {
    expect(routes.length).toBeGreaterThan(40);
    for (const r of routes) {
      const known =
        PUBLIC.has(key(r)) ||
        r.url.startsWith('/api/') ||
        r.url === '/*' ||
        r.url.startsWith('/assets/') ||
        r.url === '/';
      expect(known, key(r)).toBe(true);
    }
    for (const name of PUBLIC) if (!name.includes('set-password')) expect(routes.map(key), name).toContain(name);
  });

  it('answers 401 to every non-public API route without a session, before reading the body', async () => {
    for (const r of api()) {
      const res = await w.t.app.inject({
        method: r.method as 'GET',
        url: withIds(r.url, w.alice),
        payload: r.method === 'GET' || r.method === 'DELETE' ? undefined : {},
      });
      expect(res.statusCode, `${key(r)}: ${res.body.slice(0, 120)}`).toBe(401);
    }
  });

  it('keeps every back-office route from a signed-in client (403) and every client route from a staff cookie (401)', async () => {
    for (const r of api()) {
      const admin = r.url.startsWith('/api/admin/');
      const res = await w.t.app.inject({
        method: r.method as 'GET',
        url: withIds(r.url, w.alice),
        headers: admin ? w.alice.headers : w.staff,
        payload: r.method === 'GET' || r.method === 'DELETE' ? undefined : {},
      });
      expect(res.statusCode, `${key(r)} as ${admin ? 'client' : 'staff'}: ${res.body.slice(0, 120)}`).toBe(
        admin ? 403 : 401,
      );
    }
  });

  it("never lets one client reach another's order or request through an id in the path", async () => {
    const clientRoutesWithIds = api().filter((r) => !r.url.startsWith('/api/admin/') && r.url.includes('/:'));
    expect(clientRoutesWithIds.length).toBeGreaterThan(0);
    for (const r of clientRoutesWithIds) {
      const url = withIds(r.url, w.alice);
      const res = await w.t.app.inject({
        method: r.method as 'GET',
        url,
        headers: w.bruno.headers,
        payload: r.method === 'GET' || r.method === 'DELETE' ? undefined : {},
      });
      // 404 as for an id that does not exist (never 403: that would confirm it exists), or 400 when the body is refused first.
      expect([404, 400], `${key(r)} as the other client: ${res.statusCode} ${res.body.slice(0, 160)}`).toContain(
        res.statusCode,
      );
      expect(res.body, key(r)).not.toContain('Panne de alice');
    }
  });

  it('serves staff on every back-office route without a server error', async () => {
    // The download tab's routes answer only once the session is unlocked with the secret code: unlock it first.
    const unlock = await w.t.app.inject({
      method: 'POST',
      url: '/api/admin/unlock',
      headers: w.staff,
      payload: { code: TEST_ADMIN.secretCode },
    });
    expect(unlock.statusCode).toBe(200);
    for (const r of api().filter((x) => x.url.startsWith('/api/admin/') && x.method === 'GET')) {
      const res = await w.t.app.inject({ method: 'GET', url: withIds(r.url, w.alice), headers: w.staff });
      expect(res.statusCode, `${key(r)}: ${res.body.slice(0, 120)}`).toBeLessThan(500);
      expect([401, 403], key(r)).not.toContain(res.statusCode);
    }
  });
});
