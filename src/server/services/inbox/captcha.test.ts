import { describe, expect, it } from 'vitest';
import { createCaptcha, normalizeAnswer } from './captcha.ts';

/** Reads "Combien font 3 + 4 ?" the way a person would. */
function solve(question: string): number {
  const m = /(\d+)\s*\+\s*(\d+)/.exec(question);
  if (!m) throw new Error(`unexpected question: ${question}`);
  return Number(m[1]) + Number(m[2]);
}

/** A challenge whose answer is `wanted`, drawn honestly (the sum is random). */
function challengeWith(captcha: ReturnType<typeof createCaptcha>, wanted: number) {
  for (let i = 0; i < 10_000; i++) {
    const c = captcha.challenge();
    if (solve(c.question) === wanted) return c;
  }
  throw new Error(`no challenge summing to ${wanted}`);
}

describe('normalizeAnswer', () => {
  it.each([
    ['7', '7'],
    [' 7 ', '7'],
    ['07', '7'],
    ['sept', '7'],
    ['SEPT', '7'],
    [' Sept ', '7'],
    ['dix-sept', '17'],
    ['dix sept', '17'],
    ['zero', '0'],
    ['zéro', '0'],
    ['douze', '12'],
  ])('%j → %j', (input, expected) => {
    expect(normalizeAnswer(input)).toBe(expected);
  });
});

describe('createCaptcha', () => {
  const captcha = createCaptcha('secret-de-test-0123456789');

  it('asks a French question and never puts the answer in the token', () => {
    const c = captcha.challenge();
    expect(c.question).toMatch(/^Combien font \d \+ \d \?$/);
    const answer = String(solve(c.question));
    expect(c.token.split('.')).toHaveLength(3);
    expect(c.token.split('.').slice(0, 2)).not.toContain(answer);
  });

  it('accepts the right answer, in digits or in words', () => {
    const c = challengeWith(captcha, 7);
    expect(captcha.check(c.token, '7')).toBe(true);
    expect(captcha.check(c.token, ' 7 ')).toBe(true);
    expect(captcha.check(c.token, 'sept')).toBe(true);
    expect(captcha.check(c.token, 'Sept')).toBe(true);
  });

  it('rejects a wrong answer', () => {
    const c = challengeWith(captcha, 7);
    expect(captcha.check(c.token, '8')).toBe(false);
    expect(captcha.check(c.token, 'huit')).toBe(false);
    expect(captcha.check(c.token, '')).toBe(false);
    expect(captcha.check(c.token, '7.0')).toBe(false);
  });

  it('rejects a tampered token', () => {
    const c = challengeWith(captcha, 7);
    const [expires, nonce, mac] = c.token.split('.') as [string, string, string];
    expect(captcha.check(`${Number(expires) + 1}.${nonce}.${mac}`, '7')).toBe(false);
    expect(captcha.check(`${expires}.autre.${mac}`, '7')).toBe(false);
    expect(captcha.check(`${expires}.${nonce}.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`, '7')).toBe(false);
    expect(captcha.check(`${expires}.${nonce}`, '7')).toBe(false);
    expect(captcha.check('', '7')).toBe(false);
    expect(captcha.check('n.importe.quoi', '7')).toBe(false);
  });

  it('rejects a token signed with another secret', () => {
    const other = createCaptcha('un-autre-secret-0123456789');
    const c = challengeWith(other, 7);
    expect(other.check(c.token, '7')).toBe(true);
    expect(captcha.check(c.token, '7')).toBe(false);
  });

  it('rejects an expired token (one hour of validity)', () => {
    let now = Date.UTC(2025, 0, 17, 10, 0, 0);
    const clocked = createCaptcha('secret-de-test-0123456789', () => now);
    const c = challengeWith(clocked, 7);
    now += 59 * 60 * 1000;
    expect(clocked.check(c.token, '7')).toBe(true);
    now += 2 * 60 * 1000;
    expect(clocked.check(c.token, '7')).toBe(false);
  });
});
