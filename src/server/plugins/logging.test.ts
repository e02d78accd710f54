import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { ensureStaffAccount } from '#server/services/staff/staff-bootstrap.ts';
import { memoryMailer, openTestDatabase, TEST_ADMIN } from '#server/test/harness.ts';
import { staffLogin } from '#server/test/fixtures.ts';
import { CLIENT_COOKIE, STAFF_COOKIE } from './auth.ts';

const SECRETS = {
  wrongPassword: 'Mauvais-Secret-4242',
  clientPassword: 'Azur-Passerelle-2026',
  token: 'jeton-de-reinitialisation-0123456789',
  sqlValue: 'valeur-sql-secrete-987',
  bodySecret: 'corps-de-requete-secret-555',
  authorization: 'Bearer jeton-porteur-321',
};

describe('[SECURITY][LOGS] no password, token, cookie, body or SQL value reaches a log line', () => {
  let app: Awaited<ReturnType<typeof buildApp>>;
  let database: Database;
  let dataDir: string;
  let staff: Record<string, string>;
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'rfs-logs-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      ADMIN_USERNAME: TEST_ADMIN.username,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      SESSION_SECRET: 'test-session-secret-0123456789',
    });
    database = await openTestDatabase();
    await ensureStaffAccount(database.db, config, pino({ level: 'silent' }));
    app = await buildApp({
      config,
      database,
      mailer: memoryMailer(),
      workers: false,
      logger: { level: 'trace', stream },
    });
    // Two failures no route of ours has on purpose: a statement the database refuses, and an unexpected throw.
    app.get('/test/failing-sql', async () => app.db.execute(sql`select ${SECRETS.sqlValue}::int`));
    app.post('/test/failing-handler', async () => {
      throw new Error('handler broke');
    });
    await app.ready();
    staff = await staffLogin({ app, config } as Parameters<typeof staffLogin>[0]);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('while signing in with a wrong password, signing in right, and calling with cookies and tokens', async () => {
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: TEST_ADMIN.username, password: SECRETS.wrongPassword },
    });
    expect(wrong.statusCode).toBe(401);
    const wrongClient = await app.inject({
      method: 'POST',
      url: '/api/client/login',
      payload: { username: 'personne', password: SECRETS.wrongPassword },
    });
    expect(wrongClient.statusCode).toBe(401);
    await app.inject({
      method: 'GET',
      url: `/api/admin/manual-orders?q=${SECRETS.token}`,
      headers: {
        ...staff,
        authorization: SECRETS.authorization,
        cookie: `${staff.cookie}; ${CLIENT_COOKIE}=${SECRETS.token}`,
      },
    });
    await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: SECRETS.token, newPassword: SECRETS.clientPassword },
    });

    const text = lines.join('');
    // The log is on, and each request is in it once, answered: its path (no query), status and time.
    const answered = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'request completed');
    expect(answered.slice(-4).map((l) => [l.req.method, l.req.url, l.res.statusCode])).toEqual([
      ['POST', '/api/admin/login', 401],
      ['POST', '/api/client/login', 401],
      ['GET', '/api/admin/manual-orders?…', 200],
      ['POST', '/api/auth/reset-password', 400],
    ]);
    expect(answered.every((l) => typeof l.responseTime === 'number')).toBe(true);
    // Each line names its request as Fastify's other lines do, so a failure's lines can be found beside it.
    expect(answered.every((l) => typeof l.reqId === 'string' && l.reqId.length > 0)).toBe(true);
    expect(text).not.toContain('incoming request');
    expect(text).toContain('/api/admin/manual-orders?…');
    const staffToken = staff.cookie!.split('=')[1]!;
    for (const secret of [
      SECRETS.wrongPassword,
      SECRETS.clientPassword,
      SECRETS.token,
      SECRETS.authorization,
      staffToken,
      TEST_ADMIN.password,
      STAFF_COOKIE + '=',
    ]) {
      expect(text, secret).not.toContain(secret);
    }
  });

  it('when a SQL statement fails: its code and text, never its values', async () => {
    lines.length = 0;
    const res = await app.inject({ method: 'GET', url: '/test/failing-sql' });
    expect(res.statusCode).toBe(500);
    expect(res.json().message).toBe('Une erreur est survenue de notre côté. Veuillez réessayer dans un instant.');
    const failure = lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'request failed');
    expect(failure.err).toMatchObject({ message: 'database error', code: '22P02', query: 'select $1::int' });
    expect(lines.join('')).not.toContain(SECRETS.sqlValue);
  });

  it('when a handler fails on a request with a body: the error, not the body', async () => {
    lines.length = 0;
    const res = await app.inject({
      method: 'POST',
      url: '/test/failing-handler',
      payload: { password: SECRETS.bodySecret, note: SECRETS.bodySecret },
    });
    expect(res.statusCode).toBe(500);
    const text = lines.join('');
    expect(text).toContain('handler broke');
    expect(text).not.toContain(SECRETS.bodySecret);
  });
});
