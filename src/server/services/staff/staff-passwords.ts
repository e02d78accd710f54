// A staff member's password: the « choose your password » link e-mailed to them, and the one they change themselves.
import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { passwordWeakness } from '#shared/security/password-rules.ts';
import { STAFF_LINK_INVALID, STAFF_PASSWORD_LINK_HOURS } from '#shared/staff/staff-members.ts';
import type { Db, Tx } from '#server/db/client.ts';
import { staffPasswordTokens, staffUsers } from '#server/db/schema.ts';
import { HttpError } from '#server/http-error.ts';
import { writeAudit } from '#server/services/security/audit.ts';
import type { MailQueue } from '#server/services/mail/outbox.ts';
import type { AccountCheck } from '#server/services/security/login-throttle.ts';
import { hashPassword, verifyPassword } from '#server/services/security/passwords.ts';
import {
  endAllStaffSessions,
  endOtherStaffSessions,
  hashSessionToken,
  type StaffIdentity,
} from '#server/services/security/sessions.ts';

const LINK_MS = STAFF_PASSWORD_LINK_HOURS * 60 * 60 * 1000;

/** A password nobody knows: the account cannot sign in until its member chooses one through the link. */
export const unusablePassword = () => hashPassword(randomBytes(32).toString('base64url'));

/** A new link for that member (older ones retired), e-mailed through the outbox in the caller's transaction. */
export async function issuePasswordLink(
  tx: Tx,
  mail: MailQueue,
  member: { id: number; username: string; email: string | null },
  purpose: 'welcome' | 'reset',
) {
  if (!member.email) {
    throw new HttpError('NO_EMAIL', 'Ce membre n’a pas d’adresse e-mail : impossible de lui envoyer un lien.');
  }
  const now = new Date();
  await tx
    .update(staffPasswordTokens)
    .set({ usedAt: now })
    .where(and(eq(staffPasswordTokens.staffId, member.id), isNull(staffPasswordTokens.usedAt)));
  const token = randomBytes(32).toString('base64url');
  const tokenHash = hashSessionToken(token);
  const expiresAt = new Date(now.getTime() + LINK_MS);
  await tx.insert(staffPasswordTokens).values({ tokenHash, staffId: member.id, expiresAt });
  await mail.queue(tx, {
    key: `staff-password:${tokenHash}`,
    kind: 'staff_password_link',
    to: member.email,
    secret: token,
    params: { username: member.username, purpose, expiresAt: expiresAt.toISOString() },
  });
}

/** The password chosen through a link: the link is used up and every session of the member ends. */
export async function setPasswordFromLink(
  db: Db,
  token: string,
  password: string,
  address: string,
): Promise<{ username: string }> {
  const now = new Date();
  const [link] = await db
    .select()
    .from(staffPasswordTokens)
    .innerJoin(staffUsers, eq(staffUsers.id, staffPasswordTokens.staffId))
    .where(
      and(
        eq(staffPasswordTokens.tokenHash, hashSessionToken(token)),
        isNull(staffPasswordTokens.usedAt),
        gt(staffPasswordTokens.expiresAt, now),
        isNull(staffUsers.disabledAt),
      ),
    );
  if (!link) throw new HttpError('LINK_INVALID', STAFF_LINK_INVALID);
  const member = link.staff_users;
  const weakness = passwordWeakness(password, { username: member.username, email: member.email });
  if (weakness) throw new HttpError('WEAK_PASSWORD', weakness, { newPassword: [weakness] });
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    // Used up in the same statement that checks it is still unused: two submissions of one link, one password.
    const used = await tx
      .update(staffPasswordTokens)
      .set({ usedAt: now })
      .where(and(eq(staffPasswordTokens.id, link.staff_password_tokens.id), isNull(staffPasswordTokens.usedAt)))
      .returning({ id: staffPasswordTokens.id });
    if (used.length === 0) throw new HttpError('LINK_INVALID', STAFF_LINK_INVALID);
    await tx.update(staffUsers).set({ passwordHash }).where(eq(staffUsers.id, member.id));
    await endAllStaffSessions(tx, member.id);
    await writeAudit(
      tx,
      { id: member.id, username: member.username, address },
      { action: 'staff.password_set', entity: 'staff', entityId: member.id },
    );
  });
  return { username: member.username };
}

/**
 * « Mon mot de passe »: the current one is required, checked through the sign-in throttle; every other session of the
 * member ends, this one stays.
 */
export async function changeOwnPassword(
  db: Db,
  staff: StaffIdentity,
  current: string,
  next: string,
  throttle: AccountCheck,
): Promise<number> {
  const [row] = await db.select().from(staffUsers).where(eq(staffUsers.id, staff.id));
  if (!row || !(await throttle(row.username, async () => (await verifyPassword(current, row.passwordHash)) || null))) {
    throw new HttpError('BAD_PASSWORD', 'Le mot de passe actuel est incorrect', {
      currentPassword: ['Le mot de passe actuel est incorrect'],
    });
  }
  const weakness = passwordWeakness(next, { username: row.username, email: row.email });
  if (weakness) throw new HttpError('WEAK_PASSWORD', weakness, { newPassword: [weakness] });
  const passwordHash = await hashPassword(next);
  return db.transaction(async (tx) => {
    await tx.update(staffUsers).set({ passwordHash }).where(eq(staffUsers.id, staff.id));
    const ended = await endOtherStaffSessions(tx, staff);
    await writeAudit(tx, staff, {
      action: 'staff.password_change',
      entity: 'staff',
      entityId: staff.id,
      after: { sessionsEnded: ended },
    });
    return ended;
  });
}
