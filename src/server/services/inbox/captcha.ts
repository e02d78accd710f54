import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { CaptchaChallenge } from '#shared/inbox/contact.ts';

const WORDS = [
  'zéro',
  'un',
  'deux',
  'trois',
  'quatre',
  'cinq',
  'six',
  'sept',
  'huit',
  'neuf',
  'dix',
  'onze',
  'douze',
  'treize',
  'quatorze',
  'quinze',
  'seize',
  'dix-sept',
  'dix-huit',
];
const LIFETIME_MS = 60 * 60 * 1000;

/** "7", " 7 " and "sept" are the same answer for a person. */
export function normalizeAnswer(answer: string): string {
  const a = answer.trim().toLowerCase().replace(/\s+/g, '-');
  const asWord = WORDS.indexOf(a.replace('zero', 'zéro'));
  return asWord >= 0 ? String(asWord) : a.replace(/^0+(?=\d)/, '');
}

/**
 * A stateless question-captcha: the token carries an expiry and a signature of the answer, never the answer,
 * so the server checks it without storing anything.
 */
export function createCaptcha(secret: string, now = () => Date.now()) {
  const sign = (answer: string, payload: string) =>
    createHmac('sha256', secret).update(`${payload}|${answer}`).digest('base64url');

  return {
    challenge(): CaptchaChallenge {
      const a = randomInt(1, 10);
      const b = randomInt(1, 10);
      const payload = `${now() + LIFETIME_MS}.${randomBytes(6).toString('base64url')}`;
      return { token: `${payload}.${sign(String(a + b), payload)}`, question: `Combien font ${a} + ${b} ?` };
    },
    check(token: string, answer: string): boolean {
      const parts = token.split('.');
      if (parts.length !== 3) return false;
      const [expires, nonce, mac] = parts as [string, string, string];
      if (!/^\d+$/.test(expires) || Number(expires) < now()) return false;
      const expected = Buffer.from(sign(normalizeAnswer(answer), `${expires}.${nonce}`));
      const given = Buffer.from(mac);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
