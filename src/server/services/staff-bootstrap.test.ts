import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import type { Database } from '../db/client';
import { staffUsers } from '../db/schema';
import { openTestDatabase } from '../test/harness';
import { verifyPassword } from './passwords';
import { ensureStaffAccount } from './staff-bootstrap';

function recorder() {
  const lines: Array<{ level: string; args: unknown[] }> = [];
  return {
    lines,
    logger: {
      info: (...args: unknown[]) => { lines.push({ level: 'info', args }); },
      warn: (...args: unknown[]) => { lines.push({ level: 'warn', args }); },
    } as never,
  };
}

describe('ensureStaffAccount (start-up)', () => {
  let database: Database;
  beforeEach(async () => { database = await openTestDatabase(); });
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

  it('creates, then resets, the configured account and lifts its lockout', async () => {
    const config = loadConfig({ ADMIN_USERNAME: 'patron', ADMIN_PASSWORD: 'premier-mot-de-passe' });
    await ensureStaffAccount(database.db, config, recorder().logger);
    await database.db.update(staffUsers).set({ failedLogins: 5, lockedUntil: new Date(Date.now() + 900_000) }).where(eq(staffUsers.username, 'patron'));

    await ensureStaffAccount(database.db, loadConfig({ ADMIN_USERNAME: 'patron', ADMIN_PASSWORD: 'second-mot-de-passe' }), recorder().logger);
    const [row] = await database.db.select().from(staffUsers).where(eq(staffUsers.username, 'patron'));
    expect(row).toMatchObject({ failedLogins: 0, lockedUntil: null });
    expect(await verifyPassword('second-mot-de-passe', row!.passwordHash)).toBe(true);
    expect(await verifyPassword('premier-mot-de-passe', row!.passwordHash)).toBe(false);
    expect(await database.db.$count(staffUsers)).toBe(1);
  });
});
