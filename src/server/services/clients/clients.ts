import { and, eq, ne, or, sql } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';
import { clients } from '#server/db/schema.ts';
import { HttpError } from '#server/http-error.ts';
import { hashPassword, verifyAndUpgrade, verifyDummyPassword } from '#server/services/security/passwords.ts';
import { deleteClientSessionsOf } from '#server/services/security/sessions.ts';
import { isUniqueViolation } from '#server/db/db-errors.ts';
import { attachEarlierOrders } from '#server/services/subscriptions/subscriptions.ts';

export type ClientRow = typeof clients.$inferSelect;

const USERNAME_TAKEN = "Ce nom d'utilisateur est déjà utilisé";

const usernameConflict = () => new HttpError('ALREADY_EXISTS', USERNAME_TAKEN, { username: [USERNAME_TAKEN] });

export async function findClientByEmail(db: Tx, email: string): Promise<ClientRow | undefined> {
  const [row] = await db
    .select()
    .from(clients)
    .where(sql`lower(${clients.email}) = lower(${email})`)
    .limit(1);
  return row;
}

export async function findClientById(db: Tx, id: number): Promise<ClientRow | undefined> {
  const [row] = await db.select().from(clients).where(eq(clients.id, id)).limit(1);
  return row;
}

/** 409 when another client already signs in with this username (case-insensitive, as logins are). */
export async function assertUsernameFree(db: Tx, username: string, exceptClientId?: number) {
  const [row] = await db
    .select({ id: clients.id })
    .from(clients)
    .where(
      and(
        sql`lower(${clients.username}) = lower(${username})`,
        exceptClientId ? ne(clients.id, exceptClientId) : undefined,
      ),
    )
    .limit(1);
  if (row) throw usernameConflict();
}

/** 'Élodie Bérénger' → first name 'Élodie', last name 'Bérénger': orders only carry a full name. */
function splitName(name: string): { firstName: string; lastName: string } {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  return { firstName: first, lastName: rest.join(' ') };
}

/** Credentials with their hash computed before any transaction opens: hashing must not hold a transaction open. */
export type PreparedCredentials = { username: string; password: string; passwordHash: string };

export async function prepareCredentials(username: string, password: string): Promise<PreparedCredentials> {
  return { username, password, passwordHash: await hashPassword(password) };
}

export type NewClient = {
  name: string;
  email: string;
  phone: string;
  firstName?: string;
  lastName?: string;
  credentials: PreparedCredentials;
};

/** Creates the account in the caller's transaction; orders its e-mail placed before are attached to it. */
export async function createClientAccount(db: Tx, input: NewClient): Promise<ClientRow> {
  await assertUsernameFree(db, input.credentials.username);
  const names =
    input.firstName !== undefined
      ? { firstName: input.firstName, lastName: input.lastName ?? '' }
      : splitName(input.name);
  let row: ClientRow;
  try {
    [row] = (await db
      .insert(clients)
      .values({
        ...names,
        name: input.name,
        email: input.email,
        phone: input.phone,
        username: input.credentials.username,
        passwordHash: input.credentials.passwordHash,
      })
      .returning()) as [ClientRow];
  } catch (error) {
    // Two staff members creating the same account at once: the unique indexes decide, the loser gets a clear 409.
    if (isUniqueViolation(error, 'clients_email_lower_idx')) {
      throw new HttpError('ALREADY_EXISTS', 'Un compte client existe déjà pour cette adresse e-mail.', {
        clientEmail: ['Un compte client existe déjà pour cette adresse e-mail.'],
      });
    }
    if (isUniqueViolation(error)) throw usernameConflict();
    throw error;
  }
  await attachEarlierOrders(db, row.id, row.email);
  return row;
}

/** Gives an existing client new credentials; sessions opened with the old password end. */
export async function setClientCredentials(db: Tx, clientId: number, credentials: PreparedCredentials): Promise<void> {
  const { username, passwordHash } = credentials;
  await assertUsernameFree(db, username, clientId);
  try {
    await db.update(clients).set({ username, passwordHash }).where(eq(clients.id, clientId));
  } catch (error) {
    if (isUniqueViolation(error)) throw usernameConflict();
    throw error;
  }
  await deleteClientSessionsOf(db, clientId);
}

/** `login` is the username or the e-mail, case-insensitive (docs/decisions/029). */
export async function authenticateClient(db: Tx, login: string, password: string): Promise<ClientRow | null> {
  const [client] = await db
    .select()
    .from(clients)
    .where(or(sql`lower(${clients.username}) = lower(${login})`, sql`lower(${clients.email}) = lower(${login})`))
    .limit(1);
  if (!client?.passwordHash) {
    await verifyDummyPassword(password);
    return null;
  }
  // A hash made at a former cost is replaced now that the password is known, unless it changed meanwhile.
  const stored = client.passwordHash;
  const right = await verifyAndUpgrade(password, stored, (passwordHash) =>
    db
      .update(clients)
      .set({ passwordHash })
      .where(and(eq(clients.id, client.id), eq(clients.passwordHash, stored))),
  );
  return right ? client : null;
}
