import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '#server/config.ts';
import { loadSecretKey } from '#server/services/mail/secret-box.ts';
import { loadTotpKey, totpBox, TotpKeyError } from './two-factor-key.ts';

describe('the key that seals TOTP secrets', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'rfs-totp-key-'));
  });
  afterAll(async () => rm(dataDir, { recursive: true, force: true }));

  it('refuses a TOTP_ENCRYPTION_KEY that is not 64 hexadecimal characters, naming it', () => {
    expect(() => loadConfig({ TOTP_ENCRYPTION_KEY: 'trop-court' })).toThrow(ConfigError);
    expect(() => loadConfig({ TOTP_ENCRYPTION_KEY: 'trop-court' })).toThrow(/TOTP_ENCRYPTION_KEY/);
    expect(loadConfig({ TOTP_ENCRYPTION_KEY: 'ab'.repeat(32) }).TOTP_ENCRYPTION_KEY).toBe('ab'.repeat(32));
  });

  it('uses the configured key, else one derived from SESSION_SECRET (the same every start), else the DATA_DIR key file, never the outbox key itself', async () => {
    const explicit = await loadTotpKey({
      TOTP_ENCRYPTION_KEY: 'ab'.repeat(32),
      SESSION_SECRET: 'une-phrase-secrete-assez-longue',
      DATA_DIR: dataDir,
    });
    expect(explicit.toString('hex')).toBe('ab'.repeat(32));
    const derived = await loadTotpKey({ SESSION_SECRET: 'une-phrase-secrete-assez-longue', DATA_DIR: dataDir });
    expect(derived).toHaveLength(32);
    expect(await loadTotpKey({ SESSION_SECRET: 'une-phrase-secrete-assez-longue', DATA_DIR: dataDir })).toEqual(
      derived,
    );
    expect(derived).not.toEqual(
      await loadSecretKey({ SESSION_SECRET: 'une-phrase-secrete-assez-longue', DATA_DIR: dataDir }),
    );
    const fromFile = await loadTotpKey({ DATA_DIR: dataDir });
    expect(await loadTotpKey({ DATA_DIR: dataDir })).toEqual(fromFile);
    expect(fromFile).not.toEqual(await loadSecretKey({ DATA_DIR: dataDir }));
  });

  it('seals with AES-256-GCM: nothing of the secret in the sealed text, and another key cannot open it', async () => {
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    const box = await totpBox(loadConfig({ TOTP_ENCRYPTION_KEY: 'cd'.repeat(32), DATA_DIR: dataDir }));
    const sealed = box.seal(secret);
    expect(sealed).not.toContain(secret);
    expect(box.seal(secret)).not.toBe(sealed);
    expect(box.open(sealed)).toBe(secret);
    const other = await totpBox(loadConfig({ TOTP_ENCRYPTION_KEY: 'ef'.repeat(32), DATA_DIR: dataDir }));
    expect(() => other.open(sealed)).toThrow(TotpKeyError);
  });
});
