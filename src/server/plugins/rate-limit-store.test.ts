import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/harness.ts';

// Two instances of the server on one database (PostgreSQL in production; the same database object here, and on
// PostgreSQL when TEST_DATABASE_URL is set): a per-address limit counts every request whichever instance answers it.
describe('[SECURITY][RATE_LIMIT] limits shared by every instance on the database', () => {
  let one: TestApp;
  let two: TestApp;
  beforeAll(async () => {
    one = await createTestApp({}, { verifyRateLimit: 4 });
    two = await createTestApp({}, { verifyRateLimit: 4, database: one.database });
  });
  afterAll(async () => {
    await two.close();
    await one.close();
  });

  const verify = (t: TestApp, address: string, key = 'RFS-ABCDEF-2025') =>
    t.app.inject({ method: 'GET', url: `/api/verify-invoice/${key}`, remoteAddress: address });

  it('refuses the fifth verification of a minute from one address, the requests split between two instances', async () => {
    const statuses = [];
    for (const t of [one, two, one, two, one]) statuses.push((await verify(t, '203.0.113.7')).statusCode);
    expect(statuses).toEqual([404, 404, 404, 404, 429]);
    const refused = await verify(two, '203.0.113.7');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().message).toContain('Trop de tentatives');
    // Another address has its own count; another route its own too.
    expect((await verify(two, '203.0.113.8')).statusCode).toBe(404);
  });

  it('counts parallel requests exactly: of 12 at once, 4 pass', async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => verify(i % 2 ? one : two, '198.51.100.4')));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 404)).toHaveLength(4);
    expect(statuses.filter((s) => s === 429)).toHaveLength(8);
  });
});
