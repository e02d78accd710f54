import { hkdfSync } from 'node:crypto';
import type { Config } from '#server/config.ts';
import { loadSecretKey, secretBox, SecretUnreadableError, type SecretBox } from '#server/services/mail/secret-box.ts';

/**
 * The key that seals each staff member's TOTP secret (AES-256-GCM, the outbox's secret box): a database copy or a
 * backup holds no secret an authenticator could be cloned from.
 *
 * TOTP_ENCRYPTION_KEY when set (production should set it: it must stay the same for as long as anyone is enrolled);
 * otherwise derived from SESSION_SECRET (deterministic, for development and tests); with neither, the random key kept
 * in DATA_DIR beside the embedded database, as for the outbox, so `npm start` on a fresh machine still works.
 * Losing the key turns every enrolment off in practice: recovery codes (hashed, no key needed) or an admin's reset
 * then let the member in (docs/decisions/009).
 */
export async function loadTotpKey(
  config: Pick<Config, 'TOTP_ENCRYPTION_KEY' | 'SESSION_SECRET' | 'DATA_DIR'>,
): Promise<Buffer> {
  if (config.TOTP_ENCRYPTION_KEY) return Buffer.from(config.TOTP_ENCRYPTION_KEY, 'hex');
  if (config.SESSION_SECRET)
    return Buffer.from(hkdfSync('sha256', config.SESSION_SECRET, 'rfs-totp', 'staff totp secrets v1', 32));
  // The outbox's key file, through its own derivation: one file to keep, two keys that never meet.
  return Buffer.from(
    hkdfSync('sha256', await loadSecretKey({ DATA_DIR: config.DATA_DIR }), 'rfs-totp', 'staff totp secrets v1', 32),
  );
}

export class TotpKeyError extends Error {}

const boxes = new WeakMap<object, Promise<SecretBox>>();

/** One box per configuration (one per app), created on first use. */
export async function totpBox(config: Config): Promise<SecretBox> {
  let box = boxes.get(config);
  if (!box) {
    box = loadTotpKey(config).then(secretBox);
    boxes.set(config, box);
  }
  const { seal, open } = await box;
  return {
    seal,
    open(sealed) {
      try {
        return open(sealed);
      } catch (error) {
        if (error instanceof SecretUnreadableError) {
          throw new TotpKeyError(
            "TOTP secret unreadable with this server's key (TOTP_ENCRYPTION_KEY or SESSION_SECRET changed?)",
          );
        }
        throw error;
      }
    },
  };
}
