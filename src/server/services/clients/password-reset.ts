import { randomBytes } from 'node:crypto';
import { and, count, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '#server/db/client.ts';
import { clients, passwordResetTokens } from '#server/db/schema.ts';
import { HttpError } from '#server/http-error.ts';
import { RESET_LINK_INVALID } from '#shared/clients/client-api.ts';
import { passwordWeakness } from '#shared/security/password-rules.ts';
import { periodMs, RETENTION } from '#shared/privacy/retention-periods.ts';
import type { JobQueue, QueueDefinition } from '#server/jobs/job-queue.ts';
import type { MailQueue } from '#server/services/mail/outbox.ts';
import type { SecretBox } from '#server/services/mail/secret-box.ts';
import { hashPassword } from '#server/services/security/passwords.ts';
import { deleteClientSessionsOf, hashSessionToken } from '#server/services/security/sessions.ts';
import { accountNotErased } from './account-lock.ts';

/** A link works for its period (one hour) after it was asked for. */
const RESET_LINK_MS = periodMs(RETENTION.passwordResets);
/**
 * At most this many links are e-mailed per account and hour, whoever asks: beyond it the visitor gets the same answer
 * and nothing is sent, so nobody can flood a client's mailbox or tell that the account exists.
 */
const RESET_MAILS_PER_HOUR = 3;

export const PASSWORD_RESET_QUEUE = 'password-reset';
/** What was typed, sealed like a queued e-mail's secret: it may be a password typed in the wrong field. */
type PasswordResetJob = { login: string };

/**
 * « Mot de passe oublié » as the request sees it: one job queued, the same for a known account and an unknown one, and
 * nothing else. Looking the account up, counting its links and queueing the e-mail happen in the job, after the
 * answer: a known account's answer took measurably longer than an unknown one's, which told who has an account
 * (docs/quality.md « Figures behind the code »).
 */
export function passwordResets(deps: { db: Db; jobs: JobQueue; mail: MailQueue; box: SecretBox }) {
  const definition: QueueDefinition<PasswordResetJob> = {
    name: PASSWORD_RESET_QUEUE,
    // The sealed login is of no use once handled: kept an hour, not the queue's week.
    options: { retryLimit: 3, retryDelay: 30, retryBackoff: true, deleteAfterSeconds: 3600 },
    handler: async (job) => {
      await askPasswordReset(deps.db, deps.mail, deps.box.open(job.data.login));
    },
  };
  return {
    definition,
    ask: (login: string) =>
      deps.jobs.send<PasswordResetJob>(deps.db, PASSWORD_RESET_QUEUE, { login: deps.box.seal(login) }),
  };
}

/**
 * « Mot de passe oublié » for the username or the e-mail (as the login reads them), run by the job above. Queues the e-mail with the link in
 * the transaction that stores it (the token travels sealed, see services/mail/secret-box.ts) and resolves to whether
 * one was queued: not for an unknown account, an account without a password, or beyond the hourly cap. Never waits for
 * the SMTP server.
 */
async function askPasswordReset(db: Db, mail: MailQueue, login: string, now = new Date()): Promise<boolean> {
  const token = randomBytes(32).toString('base64url');
  const tokenHash = hashSessionToken(token);
  const [found] = await db
    .select({
      id: clients.id,
      email: clients.email,
      name: clients.name,
      username: clients.username,
      passwordHash: clients.passwordHash,
    })
    .from(clients)
    .where(or(sql`lower(${clients.username}) = lower(${login})`, sql`lower(${clients.email}) = lower(${login})`))
    .limit(1);
  // Only an account that can sign in gets a link (an erased one has no password); id 0 matches no row.
  const client = found?.passwordHash ? found : null;
  const clientId = client?.id ?? 0;

  return db.transaction(async (tx) => {
    // The lock makes simultaneous requests for one account count one after the other. An account erased since it was
    // read above (the request waited for its erasure) gets no link.
    const [held] = await tx
      .select({ id: clients.id })
      .from(clients)
      .where(and(eq(clients.id, clientId), accountNotErased))
      .for('update');
    // Expired links are useless and outside the hourly count (created = expires - 1 h): sweep them here.
    await tx.delete(passwordResetTokens).where(lt(passwordResetTokens.expiresAt, now));
    const [recent] = await tx
      .select({ n: count() })
      .from(passwordResetTokens)
      .where(
        and(
          eq(passwordResetTokens.clientId, clientId),
          gt(passwordResetTokens.createdAt, new Date(now.getTime() - RESET_LINK_MS)),
        ),
      );
    const sending = client !== null && held !== undefined && Number(recent?.n ?? 0) < RESET_MAILS_PER_HOUR;
    // A new link retires the older ones: only the latest e-mail works. Run either way (id 0 touches nothing).
    await retireResetLinks(tx, sending ? clientId : 0, now);
    if (!sending || !client) return false;
    const expiresAt = new Date(now.getTime() + RESET_LINK_MS);
    await tx.insert(passwordResetTokens).values({ tokenHash, clientId, createdAt: now, expiresAt });
    // A newer link retires the older ones: an older e-mail still waiting for the SMTP server is cancelled with them.
    await mail.queue(tx, {
      key: `password-reset:${tokenHash}`,
      kind: 'password_reset',
      to: client.email,
      clientId,
      secret: token,
      params: { name: client.name, username: client.username, expiresAt: expiresAt.toISOString() },
    });
    return true;
  });
}

const linkInvalid = () => new HttpError('RESET_LINK_INVALID', RESET_LINK_INVALID);

const usable = (now: Date) => and(isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now));

/**
 * Sets the password chosen through a link: the link is used up, every other link of the account retired, and every
 * session of the account ends (whoever knew the old password is signed out, including this browser).
 * An unknown, used or expired link is 400 RESET_LINK_INVALID and changes nothing.
 */
export async function resetPassword(db: Db, token: string, newPassword: string, now = new Date()): Promise<void> {
  const tokenHash = hashSessionToken(token);
  const [link] = await db
    .select({ id: passwordResetTokens.id, clientId: clients.id, username: clients.username, email: clients.email })
    .from(passwordResetTokens)
    .innerJoin(clients, eq(clients.id, passwordResetTokens.clientId))
    .where(and(eq(passwordResetTokens.tokenHash, tokenHash), usable(now)))
    .limit(1);
  if (!link) throw linkInvalid();
  const weakness = passwordWeakness(newPassword, link);
  if (weakness) throw new HttpError('WEAK_PASSWORD', weakness, { newPassword: [weakness] });
  // The hash takes tens of milliseconds: computed before the transaction so it holds no lock meanwhile.
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    // The account first, as an erasure takes it before deleting the links (docs/decisions/045). Then the link, re-read
    // under lock: two tabs submitting the same link must not both succeed.
    // NO KEY UPDATE: it waits for an erasure, and lets a change holding the account FOR KEY SHARE run on.
    const [account] = await tx
      .select({ id: clients.id })
      .from(clients)
      .where(and(eq(clients.id, link.clientId), accountNotErased))
      .for('no key update');
    if (!account) throw linkInvalid();
    const [locked] = await tx
      .select({ id: passwordResetTokens.id })
      .from(passwordResetTokens)
      .where(and(eq(passwordResetTokens.id, link.id), usable(now)))
      .for('update');
    if (!locked) throw linkInvalid();
    await tx.update(clients).set({ passwordHash }).where(eq(clients.id, link.clientId));
    await retireResetLinks(tx, link.clientId, now);
    await deleteClientSessionsOf(tx, link.clientId);
  });
}

/** Retires every open link of a client (after a password change made while signed in). */
export async function retireResetLinks(db: Tx, clientId: number, now = new Date()) {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.clientId, clientId), isNull(passwordResetTokens.usedAt)));
}
