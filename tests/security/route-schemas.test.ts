// Schemas decide what enters and leaves (issue 7): every API route declares, with the shared zod schemas, the
// params it reads from its path, the body a write reads and the response it sends, so a field its response schema
// does not name cannot leave the server. Read from the server's own route table: a new route cannot be forgotten.
import type { RouteOptions } from 'fastify';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/harness.ts';

/** Writes that carry nothing but their path: an action on the resource the path names. */
const BODYLESS = new Set([
  'POST /api/admin/logout',
  'DELETE /api/admin/sessions',
  'DELETE /api/admin/sessions/:id',
  'POST /api/admin/contacts/:id/validate',
  'POST /api/admin/contacts/:id/erase',
  'POST /api/admin/clients/:id/erase',
  'POST /api/admin/outbox/:id/resend',
  'POST /api/client/interventions/:id/close',
  'POST /api/client/logout',
  'POST /api/client/erasure-request',
  'POST /api/admin/team/:id/password-link',
  'DELETE /api/admin/team/:id/sessions',
  'POST /api/admin/backups',
  'POST /api/admin/download-site',
  'DELETE /api/admin/team/:id/two-factor',
  'POST /api/admin/manual-orders/:id/credentials',
  'POST /api/logout',
  'POST /api/client/orders/:id/checkout',
  'POST /api/client/devices/:id/retire',
  'POST /api/client/devices/:id/cover',
  'POST /api/admin/devices/:id/verify',
  'POST /api/client/interventions/:id/screen-share',
  'POST /api/client/screen-shares/:id/alive',
  'POST /api/admin/screen-shares/:id/join',
  'POST /api/admin/screen-shares/:id/end',
  'DELETE /api/admin/help/articles/:id',
  'POST /api/client/orders/:id/withdrawal',
  // multipart, not JSON: its one file is checked by the handler (type from its content, 10 MB), routes/client/devices.ts
  'POST /api/client/devices/:id/proofs',
]);

type Route = { key: string; url: string; method: string; schema: RouteOptions['schema']; rawReply?: string };

describe('[SECURITY][SCHEMAS] every API route declares its params, body and response with zod', () => {
  const routes: Route[] = [];
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      {},
      {
        onRoute: (route) => {
          for (const method of [route.method].flat()) {
            if (method === 'HEAD' || !(route.url.startsWith('/api/') || route.url === '/healthz')) continue;
            routes.push({
              key: `${method} ${route.url}`,
              url: route.url,
              method,
              schema: route.schema,
              rawReply: (route.config as { rawReply?: string } | undefined)?.rawReply,
            });
          }
        },
      },
    );
  });
  afterAll(async () => t.close());

  const isZod = (s: unknown) => s instanceof z.ZodType;

  it('reads the whole API', () => {
    expect(routes.length).toBeGreaterThan(60);
  });

  it('declares a zod response for every success, unless the answer is a file or a redirect', () => {
    const missing = routes.filter((r) => {
      if (r.rawReply) return false;
      const response = (r.schema?.response ?? {}) as Record<string, unknown>;
      const success = Object.entries(response).filter(([status]) => /^2\d\d$/.test(status));
      return success.length === 0 || !success.every(([, s]) => isZod(s));
    });
    expect(missing.map((r) => r.key)).toEqual([]);
  });

  it('declares zod params for every path with a parameter', () => {
    const missing = routes.filter((r) => r.url.includes('/:') && !isZod(r.schema?.params));
    expect(missing.map((r) => r.key)).toEqual([]);
  });

  it('declares a zod body for every write that reads one', () => {
    const writes = routes.filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method));
    const missing = writes.filter((r) => !BODYLESS.has(r.key) && !isZod(r.schema?.body));
    expect(missing.map((r) => r.key)).toEqual([]);
    // A route listed as bodyless that does declare a body is out of date here.
    const stale = writes.filter((r) => BODYLESS.has(r.key) && r.schema?.body);
    expect(stale.map((r) => r.key)).toEqual([]);
  });
});
