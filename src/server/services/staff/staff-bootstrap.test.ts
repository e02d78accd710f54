import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { staffRecoveryCodes, staffSessions, staffUsers } from '#server/db/schema.ts';
import { openTestDatabase } from '#server/test/harness.ts';
import { scryptHash } from '#server/test/scrypt-hash.ts';
import { hashPassword, verifyPassword } from '#server/services/security/passwords.ts';
import { createStaffSession, findStaffSession } from '#server/services/security/sessions.ts';
import { ensureStaffAccount } from './staff-bootstrap.ts';

function recorder() {
  const lines: Array<{ level: string; args: unknown[] }> = [];
  return {
    lines,
    logger: {
      info: (...args: unknown[]) => {
        lines.push({ level: 'info', args });
      },
      warn: (...args: unknown[]) => {
        lines.push({ level: 'warn', args });
      },
    } as never,
  };
}

describe('ensureStaffAccount (start-up)', () => {
  let database: Database;
  beforeEach(async () => {
    database = await openTestDatabase();
  });
  afterEach(async () => database.close());

  it('creates admin with a random password, logged once, when nothing is configured', async () => {
    const { lines, logger } = recorder();
    await ensureStaffAccount(database.db, loadConfig({}), logger);
    const rows = await database.db.select().from(staffUsers);
    expect(rows.map((r) => r.username)).toEqual(['admin']);
    const warning = lines.find((l) => l.level === 'warn')!;
    const password = /mot de passe « ([^»]+) »/.exec(String(warning.args[0]))![1]!;
    expect(password.length).toBeGreaterThanOrEqual(16);
    expect(await verifyPassword(password, rows[0]!.passwordHash)).toBe(true);

    // A second start changes nothing and prints nothing.
    const second = recorder();
    await ensureStaffAccount(database.db, loadConfig({}), second.logger);
    expect(second.lines).toHaveLength(0);
    expect(await database.db.$count(staffUsers)).toBe(1);
  });

  it('creates, then resets, the configured account, ending every session opened with the old password', async () => {
    const config = loadConfig({ ADMIN_USERNAME: 'patron', ADMIN_PASSWORD: 'premier-mot-de-passe' });
    await ensureStaffAccount(database.db, config, recorder().logger);
    const [created] = await database.db.select().from(staffUsers).where(eq(staffUsers.username, 'patron'));
    const origin = { address: '192.0.2.1', userAgent: 'Firefox' };
    const first = await createStaffSession(database.db, created!.id, origin);
    const second = await createStaffSession(database.db, created!.id, origin);

    // A restart with the same password signs nobody out.
    await ensureStaffAccount(database.db, config, recorder().logger);
    expect(await findStaffSession(database.db, first.token)).not.toBeNull();

    const { lines, logger } = recorder();
    await ensureStaffAccount(
      database.db,
      loadConfig({ ADMIN_USERNAME: 'patron', ADMIN_PASSWORD: 'second-mot-de-passe' }),
      logger,
    );
    const [row] = await database.db.select().from(staffUsers).where(eq(staffUsers.username, 'patron'));
    expect(row!.id).toBe(created!.id);
    expect(await verifyPassword('second-mot-de-passe', row!.passwordHash)).toBe(true);
    expect(await verifyPassword('premier-mot-de-passe', row!.passwordHash)).toBe(false);
    expect(await database.db.$count(staffUsers)).toBe(1);
    expect(await findStaffSession(database.db, first.token)).toBeNull();
    expect(await findStaffSession(database.db, second.token)).toBeNull();
    expect(await database.db.$count(staffSessions)).toBe(0);
    expect(lines).toEqual([
      {
        level: 'info',
        args: [{ username: 'patron', sessionsEnded: 2 }, expect.stringContaining('sessions of that account ended')],
      },
    ]);
  });

  it('replaces a scrypt hash of the ADMIN_PASSWORD applied by an Argon2id one at the next start, changing nothing else', async () => {
    const config = loadConfig({ ADMIN_USERNAME: 'patron', ADMIN_PASSWORD: 'premier-mot-de-passe' });
    await ensureStaffAccount(database.db, config, recorder().logger);
    const former = scryptHash('premier-mot-de-passe');
    await database.db.update(staffUsers).set({ envPasswordHash: former }).where(eq(staffUsers.username, 'patron'));
    const [before] = await database.db.select().from(staffUsers).where(eq(staffUsers.username, 'patron'));
    const session = await createStaffSession(database.db, before!.id, { address: '', userAgent: '' });

    const { lines, logger } = recorder();
    await ensureStaffAccount(database.db, config, logger);
    const [after] = await database.db.select().from(staffUsers).where(eq(staffUsers.username, 'patron'));
    expect(after!.envPasswordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword('premier-mot-de-passe', after!.envPasswordHash!)).toBe(true);
    expect(after!.passwordHash).toBe(before!.passwordHash);
    expect(await findStaffSession(database.db, session.token)).not.toBeNull();
    expect(lines).toEqual([]);
  });

  it('leaves the sessions of other staff accounts open', async () => {
    await ensureStaffAccount(
      database.db,
      loadConfig({ ADMIN_USERNAME: 'patron', ADMIN_PASSWORD: 'premier-mot-de-passe' }),
      recorder().logger,
    );
    const [colleague] = await database.db
      .insert(staffUsers)
      .values({ username: 'collegue', passwordHash: 'x' })
      .returning();
    const theirs = await createStaffSession(database.db, colleague!.id, { address: '', userAgent: '' });
    await ensureStaffAccount(
      database.db,
      loadConfig({ ADMIN_USERNAME: 'patron', ADMIN_PASSWORD: 'second-mot-de-passe' }),
      recorder().logger,
    );
    expect(await findStaffSession(database.db, theirs.token)).not.toBeNull();
  });

  it('never resets on restart a password changed in the back-office; a new ADMIN_PASSWORD value is applied once and restores an admin', async () => {
    const config = loadConfig({ ADMIN_USERNAME: 'patron', ADMIN_PASSWORD: 'premier-mot-de-passe' });
    await ensureStaffAccount(database.db, config, recorder().logger);
    // The owner changes their password in the back-office; a colleague has disabled and demoted the account.
    await database.db
      .update(staffUsers)
      .set({
        passwordHash: await hashPassword('choisi-dans-le-back-office'),
        role: 'technicien',
        disabledAt: new Date(),
      })
      .where(eq(staffUsers.username, 'patron'));
    const { lines, logger } = recorder();
    await ensureStaffAccount(database.db, config, logger);
    const [kept] = await database.db.select().from(staffUsers).where(eq(staffUsers.username, 'patron'));
    expect(await verifyPassword('choisi-dans-le-back-office', kept!.passwordHash)).toBe(true);
    expect(kept!.role).toBe('technicien');
    expect(lines).toEqual([]);

    await ensureStaffAccount(
      database.db,
      loadConfig({ ADMIN_USERNAME: 'patron', ADMIN_PASSWORD: 'nouvelle-valeur-env' }),
      recorder().logger,
    );
    const [reset] = await database.db.select().from(staffUsers).where(eq(staffUsers.username, 'patron'));
    expect(await verifyPassword('nouvelle-valeur-env', reset!.passwordHash)).toBe(true);
    expect(reset!.role).toBe('admin');
    expect(reset!.disabledAt).toBeNull();
  });

  it("a new ADMIN_PASSWORD also removes that account's two-factor sign-in (a lost phone), the same value leaves it", async () => {
    const config = loadConfig({ ADMIN_USERNAME: 'patron', ADMIN_PASSWORD: 'premier-mot-de-passe' });
    await ensureStaffAccount(database.db, config, recorder().logger);
    const [created] = await database.db.select().from(staffUsers).where(eq(staffUsers.username, 'patron'));
    await database.db
      .update(staffUsers)
      .set({ totpSecret: 'v1.scelle', totpEnabledAt: new Date(), totpLastStep: 1 })
      .where(eq(staffUsers.id, created!.id));
    await database.db.insert(staffRecoveryCodes).values({ staffId: created!.id, codeHash: 'h'.repeat(64) });

    await ensureStaffAccount(database.db, config, recorder().logger);
    expect((await database.db.select().from(staffUsers).where(eq(staffUsers.id, created!.id)))[0]!.totpSecret).toBe(
      'v1.scelle',
    );

    await ensureStaffAccount(
      database.db,
      loadConfig({ ADMIN_USERNAME: 'patron', ADMIN_PASSWORD: 'second-mot-de-passe' }),
      recorder().logger,
    );
    const [row] = await database.db.select().from(staffUsers).where(eq(staffUsers.id, created!.id));
    expect(row).toMatchObject({ totpSecret: null, totpEnabledAt: null, totpLastStep: null });
    expect(await database.db.$count(staffRecoveryCodes, eq(staffRecoveryCodes.staffId, created!.id))).toBe(0);
  });
});
