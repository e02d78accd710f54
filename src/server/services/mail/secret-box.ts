import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { mkdir, open, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '#server/config.ts';

/**
 * The one secret an e-mail may carry (a new client's password, a reset link's token) waits for the SMTP server sealed
 * with AES-256-GCM, in the outbox row, and is erased once sent: a database copy, a backup, the « Courriels » tab or
 * a log never holds it in clear (docs/decisions/008-e-mail-through-a-job-queue-secrets-sealed.md).
 */
export type SecretBox = { seal(secret: string): string; open(sealed: string): string };

const KEY_FILE = 'mail-secret.key';
const VERSION = 'v1';

/**
 * The key: derived from SESSION_SECRET when set (every instance then agrees, as they must with several), otherwise
 * a random key kept in DATA_DIR beside the embedded database, created on first use (owner read-only).
 */
export async function loadSecretKey(config: Pick<Config, 'SESSION_SECRET' | 'DATA_DIR'>): Promise<Buffer> {
  if (config.SESSION_SECRET) {
    return Buffer.from(hkdfSync('sha256', config.SESSION_SECRET, 'rfs-outbox', 'mail secrets v1', 32));
  }
  const file = path.join(config.DATA_DIR, KEY_FILE);
  try {
    return Buffer.from(await readFile(file, 'utf8'), 'base64');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(config.DATA_DIR, { recursive: true });
  const key = randomBytes(32);
  try {
    const handle = await open(file, 'wx', 0o600);
    await handle.writeFile(key.toString('base64'));
    await handle.close();
    return key;
  } catch (error) {
    // Another process created it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return Buffer.from(await readFile(file, 'utf8'), 'base64');
    throw error;
  }
}

export class SecretUnreadableError extends Error {}

export function secretBox(key: Buffer): SecretBox {
  return {
    seal(secret) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return [
        VERSION,
        iv.toString('base64url'),
        cipher.getAuthTag().toString('base64url'),
        body.toString('base64url'),
      ].join('.');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      try {
        if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('format');
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        throw new SecretUnreadableError(
          'Le secret de ce message ne peut pas être lu avec la clé de ce serveur (SESSION_SECRET différent entre instances ou modifié ?)',
        );
      }
    },
  };
}
