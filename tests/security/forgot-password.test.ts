// « Mot de passe oublié » must not tell whether an account exists: not by its answer, not by the work done before it.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, passwordResetTokens } from '#server/db/schema.ts';
import { PASSWORD_RESET_QUEUE } from '#server/services/clients/password-reset.ts';
import { buildWorld, freshAddress, type World } from './world.ts';

describe('[SECURITY][FORGOT_PASSWORD] a known and an unknown login look the same', () => {
  let w: World;
  beforeAll(async () => {
    w = await buildWorld();
    await w.t.drain(); // the world's own e-mails leave first
  });
  afterAll(async () => w.t.close());

  const forgot = (email: string) =>
    w.t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email },
      remoteAddress: freshAddress(),
    });
  const queued = async () =>
    await w.t.app.jobs.boss.findJobs<{ login: string }>(PASSWORD_RESET_QUEUE, { queued: true });
  const resetMails = () => w.t.db.select().from(outbox).where(eq(outbox.kind, 'password_reset'));

  it('answers both with the same status, body and headers, having done the same thing: queued one job', async () => {
    const known = await forgot('alice@exemple.fr');
    // Nothing of the account's was read or written by the request: no link, no e-mail yet.
    expect(await w.t.db.$count(passwordResetTokens)).toBe(0);
    expect(await resetMails()).toEqual([]);
    const unknown = await forgot('personne@exemple.fr');
    expect(await w.t.db.$count(passwordResetTokens)).toBe(0);

    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    const names = (res: typeof known) =>
      Object.keys(res.headers)
        .filter((h) => h !== 'date')
        .sort();
    expect(names(unknown)).toEqual(names(known));
    expect(unknown.headers['content-length']).toBe(known.headers['content-length']);

    // One job each, and what was typed is sealed in it (it may be a password typed in the wrong field).
    const jobs = await queued();
    expect(jobs).toHaveLength(2);
    for (const job of jobs) {
      expect(Object.keys(job.data)).toEqual(['login']);
      expect(job.data.login).not.toMatch(/alice|personne|exemple/);
    }
  });

  it('does the account’s work after the answer: a link and an e-mail for the known login only', async () => {
    await w.t.drain();
    expect(await queued()).toEqual([]);
    const links = await w.t.db.select().from(passwordResetTokens);
    expect(links.map((l) => l.clientId)).toEqual([w.alice.clientId]);
    expect((await resetMails()).map((m) => m.recipient)).toEqual(['alice@exemple.fr']);
  });
});
