// For the sign-in tests that count every password actually checked (a real account's hash or the dummy one for an
// unknown name). The test file replaces the passwords module with this counting copy:
//   vi.mock('…/services/security/passwords', async (real) => (await import('…/test/password-checks')).countingPasswords(await real()));
import type * as Passwords from '#server/services/security/passwords.ts';

/** How many passwords were checked since the test last set it to 0. */
export const passwordChecks = { count: 0 };

/** The real module, each check counted in `passwordChecks`. */
export function countingPasswords(real: typeof Passwords): typeof Passwords {
  return {
    ...real,
    verifyPassword: (...args) => {
      passwordChecks.count++;
      return real.verifyPassword(...args);
    },
    verifyAndUpgrade: (...args) => {
      passwordChecks.count++;
      return real.verifyAndUpgrade(...args);
    },
    verifyDummyPassword: (password) => {
      passwordChecks.count++;
      return real.verifyDummyPassword(password);
    },
  };
}
