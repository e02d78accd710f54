import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWorld, type World } from './world.ts';

/** Attempts one guess after another from one address until refused; returns how many were answered before the 429. */
async function guessUntilRefused(w: World, call: (i: number) => InjectOptions, max: number) {
  for (let i = 0; i < max; i++) {
    const res = await w.t.app.inject(call(i));
    expect(res.statusCode, res.body).toBeLessThan(500);
    if (res.statusCode === 429) {
      expect(res.json().message).toMatch(/[Tt]rop de|Patientez|réessayez/);
      return i;
    }
  }
  return max;
}

describe('[SECURITY][BRUTE FORCE] guessing meets 429 on both sign-ins and on invoice keys', () => {
  let w: World;
  beforeAll(async () => {
    w = await buildWorld();
  });
  afterAll(async () => w.t.close());

  const address = '127.9.9.9';

  it('stops password guessing on the staff sign-in', async () => {
    const answered = await guessUntilRefused(
      w,
      (i) => ({
        method: 'POST',
        url: '/api/admin/login',
        remoteAddress: address,
        payload: { username: 'staff', password: `essai-${i}` },
      }),
      60,
    );
    expect(answered).toBeLessThan(25);
  });

  it('stops password guessing on the client sign-in, whichever form is used', async () => {
    const answered = await guessUntilRefused(
      w,
      (i) => ({
        method: 'POST',
        url: i % 2 ? '/api/client/login' : '/api/auth/login',
        remoteAddress: '127.9.9.10',
        payload:
          i % 2 ? { username: 'alice', password: `essai-${i}` } : { email: 'alice@exemple.fr', password: `essai-${i}` },
      }),
      60,
    );
    expect(answered).toBeLessThan(25);
  });

  it('stops the enumeration of invoice keys', async () => {
    const answered = await guessUntilRefused(
      w,
      (i) => ({
        method: 'GET',
        url: `/api/verify-invoice/RFS-ABCD${String(i).padStart(2, '2').replace(/[01]/g, '2')}-2026`,
        remoteAddress: '127.9.9.11',
      }),
      200,
    );
    expect(answered).toBeLessThanOrEqual(60);
  });
});
