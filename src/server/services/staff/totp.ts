// Time-based one-time codes (RFC 6238) as the staff's authenticator apps make them.
import { Secret, TOTP } from 'otpauth';

const TOTP_PERIOD_SECONDS = 30;
/** Codes of the step before and after are accepted too: a phone's clock a little off still signs in. */
const TOTP_WINDOW = 1;
const DIGITS = 6;

const stepAt = (now: Date) => Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS);

export function totpFor(secret: string, username = '', issuer = '') {
  return new TOTP({
    issuer,
    label: username,
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: DIGITS,
    period: TOTP_PERIOD_SECONDS,
  });
}

/**
 * The time step the code belongs to, within the window, or null. Comparing against each step's code in turn is what
 * otpauth does (in constant time per code).
 */
export function codeStep(secret: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpFor(secret).validate({ token: code, timestamp: now.getTime(), window: TOTP_WINDOW });
  return delta === null ? null : stepAt(now) + delta;
}
