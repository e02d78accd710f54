import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';
import { appSettings } from '#server/db/schema.ts';

/**
 * A secret every instance of the server agrees on without anyone copying a setting by hand: drawn once by whichever
 * instance asks first and kept in the database (a second instance's draw loses the insert and reads the first one).
 * It also survives restarts, so a form shown before one still checks after it.
 */
export async function sharedSecret(db: Tx, name: string): Promise<string> {
  const key = `secret:${name}`;
  await db
    .insert(appSettings)
    .values({ key, value: randomBytes(32).toString('hex') })
    .onConflictDoNothing({ target: appSettings.key });
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, key));
  return String(row!.value);
}
