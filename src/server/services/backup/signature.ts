import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { Config } from '#server/config.ts';
import { loadSecretKey } from '#server/services/mail/secret-box.ts';

/** The signature's entry in the archive, beside manifest.json. */
export const SIGNATURE = 'manifest.sig';
const ALGORITHM = 'HMAC-SHA256';

/**
 * The key that signs backups. The manifest holds every file's SHA-256, so an HMAC of the manifest's bytes covers the
 * whole archive: a restore refuses an archive someone edited (an extra admin, a changed password hash), not only a
 * damaged one. BACKUP_KEY when set (production should set it and keep it with the archives: it is what a reinstall
 * needs); otherwise derived from SESSION_SECRET; with neither, from the key file kept in DATA_DIR (a fresh DATA_DIR
 * has another one, so its restore needs --ignorer-signature). Each through its own derivation: the key of another
 * use (sessions, outbox) never signs a backup.
 */
export async function loadBackupKey(
  config: Pick<Config, 'BACKUP_KEY' | 'SESSION_SECRET' | 'DATA_DIR'>,
): Promise<Buffer> {
  const secret = config.BACKUP_KEY ?? config.SESSION_SECRET ?? (await loadSecretKey({ DATA_DIR: config.DATA_DIR }));
  return Buffer.from(hkdfSync('sha256', secret, 'rfs-backup', 'backup signature v1', 32));
}

const mac = (key: Buffer, manifest: Buffer) => createHmac('sha256', key).update(manifest).digest();

/** The signature entry's content for these manifest bytes. */
export function signManifest(key: Buffer, manifest: Buffer): Buffer {
  return Buffer.from(JSON.stringify({ algorithm: ALGORITHM, signature: mac(key, manifest).toString('hex') }));
}

export type SignatureCheck = 'valid' | 'missing' | 'mismatch';

/** Whether `signature` (the entry's bytes, or undefined without one) signs these manifest bytes with this key. */
export function checkSignature(key: Buffer, manifest: Buffer, signature: Buffer | undefined): SignatureCheck {
  if (!signature) return 'missing';
  let hex: unknown;
  try {
    const parsed = JSON.parse(signature.toString('utf8')) as { algorithm?: unknown; signature?: unknown };
    if (parsed.algorithm !== ALGORITHM) return 'mismatch';
    hex = parsed.signature;
  } catch {
    return 'mismatch';
  }
  if (typeof hex !== 'string' || !/^[0-9a-f]{64}$/.test(hex)) return 'mismatch';
  return timingSafeEqual(Buffer.from(hex, 'hex'), mac(key, manifest)) ? 'valid' : 'mismatch';
}
