import { mkdtemp, mkdir, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { createMailer } from './mailer.ts';
import { purgeMailFiles } from './mail-files.ts';

/** A logger whose lines the test reads back. */
function capturedLogger() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { log: pino({ level: 'info' }, stream), lines };
}

const DAY = 24 * 60 * 60 * 1000;

describe('[MAIL] messages written to files when no SMTP server is set', () => {
  let dataDir: string;
  let outbox: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'rfs-mail-'));
    outbox = path.join(dataDir, 'outbox');
  });
  afterEach(async () => rm(dataDir, { recursive: true, force: true }));

  it('are readable by the server’s user only', async () => {
    const { log } = capturedLogger();
    const mailer = createMailer(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }), log);
    await mailer.send({
      to: 'jean@exemple.fr',
      subject: 'Vos identifiants',
      text: 'Mot de passe : Azur-Passerelle-2026',
    });
    mailer.close();
    // One file, whole, under its own name: nothing left of the name it was written under.
    const names = await readdir(outbox);
    expect(names).toHaveLength(1);
    const [name] = names;
    expect(name).toMatch(/\.eml$/);
    expect(await readFile(path.join(outbox, name!), 'utf8')).toContain('Azur-Passerelle-2026');
    expect((await stat(path.join(outbox, name!))).mode & 0o777).toBe(0o600);
    expect((await stat(outbox)).mode & 0o777).toBe(0o700);
  });

  it('are deleted after 7 days, and the ones kept are closed to other users', async () => {
    await mkdir(outbox, { recursive: true, mode: 0o755 });
    const now = new Date('2026-11-23T10:00:00Z');
    const old = path.join(outbox, 'old.eml');
    const recent = path.join(outbox, 'recent.eml');
    const other = path.join(outbox, 'notes.txt');
    // Half a message, left by a crash while it was written: it may hold a password all the same.
    const partial = path.join(outbox, 'crash.eml.partial');
    for (const file of [old, recent, other, partial]) await writeFile(file, 'x', { mode: 0o644 });
    for (const file of [old, partial])
      await utimes(file, new Date(now.getTime() - 8 * DAY), new Date(now.getTime() - 8 * DAY));
    await utimes(recent, new Date(now.getTime() - 6 * DAY), new Date(now.getTime() - 6 * DAY));

    expect(await purgeMailFiles(outbox, now)).toBe(2);
    expect((await readdir(outbox)).sort()).toEqual(['notes.txt', 'recent.eml']);
    expect((await stat(recent)).mode & 0o777).toBe(0o600);
    expect((await stat(outbox)).mode & 0o777).toBe(0o700);
    expect(await purgeMailFiles(path.join(dataDir, 'absent'), now)).toBe(0);
  });

  it('are purged when the server starts', async () => {
    await mkdir(outbox, { recursive: true });
    const old = path.join(outbox, 'old.eml');
    await writeFile(old, 'x');
    await utimes(old, new Date(Date.now() - 30 * DAY), new Date(Date.now() - 30 * DAY));
    const { log, lines } = capturedLogger();
    const mailer = createMailer(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }), log);
    // The start-up purge runs in the background: its log line says it is done.
    await new Promise<void>((resolve) => {
      const check = () => (lines.some((l) => l.deleted === 1) ? resolve() : setImmediate(check));
      check();
    });
    mailer.close();
    expect(await readdir(outbox)).toEqual([]);
  });

  it('are announced by a warning at start-up in production, and only then', async () => {
    const production = capturedLogger();
    createMailer(loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir }), production.log).close();
    expect(production.lines.filter((l) => l.level === 40).map((l) => l.msg)).toEqual([
      `SMTP_URL is not set: e-mails are not sent but written to ${outbox} (kept 7 days, readable by this user only)`,
    ]);

    for (const env of [{ NODE_ENV: 'test' }, { NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:2525' }]) {
      const other = capturedLogger();
      createMailer(loadConfig({ ...env, DATA_DIR: dataDir }), other.log).close();
      expect(other.lines.filter((l) => l.level === 40)).toEqual([]);
    }
  });
});
