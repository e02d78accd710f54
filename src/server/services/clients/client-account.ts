import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { clientSessions, clients } from '#server/db/schema.ts';
import { HttpError } from '#server/http-error.ts';
import { CLIENT_UNAUTHORIZED } from '#shared/clients/client-api.ts';
import { passwordWeakness } from '#shared/security/password-rules.ts';
import type { ErrorCode } from '#shared/error-codes.ts';
import type { AccountCheck } from '#server/services/security/login-throttle.ts';
import { hashPassword, verifyPassword } from '#server/services/security/passwords.ts';
import { retireResetLinks } from './password-reset.ts';
import { holdOwnAccount } from './account-lock.ts';

const WRONG_CURRENT_PASSWORD = 'Mot de passe actuel incorrect';
const SAME_PASSWORD = 'Choisissez un mot de passe différent de l’actuel';

const fieldError = (field: string, message: string, code: ErrorCode) =>
  new HttpError(code, message, { [field]: [message] });

/**
 * The signed-in client changes their password: the current one proves it is them (a borrowed open session is not
 * enough; it is checked through the sign-in throttle, under the username), the new one follows the shared rule, and
 * every other session of the account ends (this one stays). Any refusal changes nothing.
 */
export async function changeClientPassword(
  db: Db,
  session: { clientId: number; sessionHash: string },
  input: { currentPassword: string; newPassword: string },
  throttle: AccountCheck,
): Promise<void> {
  const [client] = await db
    .select({ username: clients.username, email: clients.email, passwordHash: clients.passwordHash })
    .from(clients)
    .where(eq(clients.id, session.clientId));
  if (!client?.passwordHash) throw new HttpError('UNAUTHENTICATED', CLIENT_UNAUTHORIZED);
  const { passwordHash: stored } = client;
  // The buckets of a sign-in by username (by e-mail for an account without one).
  if (
    !(await throttle(
      client.username ?? client.email,
      async () => (await verifyPassword(input.currentPassword, stored)) || null,
    ))
  ) {
    throw fieldError('currentPassword', WRONG_CURRENT_PASSWORD, 'BAD_CURRENT_PASSWORD');
  }
  if (input.newPassword === input.currentPassword) throw fieldError('newPassword', SAME_PASSWORD, 'SAME_PASSWORD');
  const weakness = passwordWeakness(input.newPassword, client);
  if (weakness) throw fieldError('newPassword', weakness, 'WEAK_PASSWORD');
  // Hashed before the transaction, so no lock is held while it runs.
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    // An account erased since it was read above gets no password back (docs/decisions/045).
    await holdOwnAccount(tx, session.clientId, 'update');
    await tx.update(clients).set({ passwordHash }).where(eq(clients.id, session.clientId));
    await tx
      .delete(clientSessions)
      .where(and(eq(clientSessions.clientId, session.clientId), ne(clientSessions.idHash, session.sessionHash)));
    // A « mot de passe oublié » link sent before would otherwise undo the change.
    await retireResetLinks(tx, session.clientId);
  });
}
