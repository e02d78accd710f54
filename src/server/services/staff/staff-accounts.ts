import { randomBytes } from 'node:crypto';
import { and, asc, count, eq, gt, isNull, max, ne, sql } from 'drizzle-orm';
import type { StaffRole } from '#shared/staff/staff-labels.ts';
import { passwordWeakness } from '#shared/security/password-rules.ts';
import { STAFF_LINK_INVALID, STAFF_PASSWORD_LINK_HOURS, type StaffMemberDto } from '#shared/staff/staff-members.ts';
import type { Db, Tx } from '#server/db/client.ts';
import { staffPasswordTokens, staffSessions, staffUsers } from '#server/db/schema.ts';
import { HttpError, notFound } from '#server/http-error.ts';
import { diff, writeAudit, type Actor } from '#server/services/security/audit.ts';
import type { MailQueue } from '#server/services/mail/outbox.ts';
import type { AccountCheck } from '#server/services/security/login-throttle.ts';
import { hashPassword, verifyPassword } from '#server/services/security/passwords.ts';
import { endAllStaffSessions, hashSessionToken, type StaffIdentity } from '#server/services/security/sessions.ts';
import { isUniqueViolation } from '#server/db/db-errors.ts';
import type { WeekHours } from '#shared/staff/duty-hours.ts';

const LINK_MS = STAFF_PASSWORD_LINK_HOURS * 60 * 60 * 1000;
const MEMBER_NOT_FOUND = 'Membre de l’équipe introuvable';
export const LAST_ADMIN =
  'Il doit rester au moins un administrateur actif : nommez ou réactivez d’abord un autre administrateur.';

/** A password nobody knows: the account cannot sign in until its member chooses one through the link. */
const unusablePassword = () => hashPassword(randomBytes(32).toString('base64url'));

/** Role and standing of an account that just gave the right password (a disabled member may not sign in). */
export async function staffStanding(db: Tx, id: number): Promise<{ role: StaffRole; disabled: boolean } | null> {
  const [row] = await db
    .select({ role: staffUsers.role, disabledAt: staffUsers.disabledAt })
    .from(staffUsers)
    .where(eq(staffUsers.id, id));
  return row ? { role: row.role, disabled: row.disabledAt !== null } : null;
}

export async function listStaffMembers(db: Tx): Promise<StaffMemberDto[]> {
  const open = db
    .select({
      staffId: staffSessions.staffId,
      n: count().as('n'),
      lastSeenAt: max(staffSessions.lastSeenAt).as('last_seen_at'),
    })
    .from(staffSessions)
    .where(gt(staffSessions.expiresAt, new Date()))
    .groupBy(staffSessions.staffId)
    .as('open');
  const rows = await db
    .select({
      id: staffUsers.id,
      username: staffUsers.username,
      firstName: staffUsers.firstName,
      email: staffUsers.email,
      role: staffUsers.role,
      dutyHours: staffUsers.dutyHours,
      disabledAt: staffUsers.disabledAt,
      createdAt: staffUsers.createdAt,
      twoFactor: sql<boolean>`${staffUsers.totpSecret} is not null`,
      n: open.n,
      lastSeenAt: open.lastSeenAt,
    })
    .from(staffUsers)
    .leftJoin(open, eq(open.staffId, staffUsers.id))
    .orderBy(sql`${staffUsers.disabledAt} is not null`, asc(staffUsers.username));
  return rows.map((r) => ({
    id: r.id,
    username: r.username,
    firstName: r.firstName,
    email: r.email,
    role: r.role,
    disabled: r.disabledAt !== null,
    twoFactor: r.twoFactor,
    dutyHours: r.dutyHours ?? null,
    openSessions: Number(r.n ?? 0),
    lastSeenAt: r.lastSeenAt ? new Date(r.lastSeenAt as unknown as string).toISOString() : null,
    createdAt: r.createdAt.toISOString(),
  }));
}

async function memberForUpdate(tx: Tx, id: number) {
  const [member] = await tx.select().from(staffUsers).where(eq(staffUsers.id, id)).for('update');
  if (!member) throw notFound(MEMBER_NOT_FOUND);
  return member;
}

/** A new link for that member (older ones retired), e-mailed through the outbox in the caller's transaction. */
async function issuePasswordLink(
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

export async function createMember(
  db: Db,
  mail: MailQueue,
  actor: Actor,
  input: { username: string; email: string; role: StaffRole; firstName?: string | null },
): Promise<StaffMemberDto> {
  const passwordHash = await unusablePassword();
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(staffUsers)
        .values({
          username: input.username,
          firstName: input.firstName ?? null,
          email: input.email,
          role: input.role,
          passwordHash,
        })
        .returning();
      await issuePasswordLink(tx, mail, row!, 'welcome');
      await writeAudit(tx, actor, {
        action: 'staff.create',
        entity: 'staff',
        entityId: row!.id,
        after: { username: row!.username, firstName: row!.firstName, email: row!.email, role: row!.role },
      });
      return {
        id: row!.id,
        username: row!.username,
        firstName: row!.firstName,
        email: row!.email,
        role: row!.role,
        disabled: false,
        twoFactor: false,
        dutyHours: null,
        openSessions: 0,
        lastSeenAt: null,
        createdAt: row!.createdAt.toISOString(),
      };
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new HttpError('USERNAME_TAKEN', 'Cet identifiant est déjà pris', {
        username: ['Cet identifiant est déjà pris'],
      });
    }
    throw error;
  }
}

/**
 * Role and enabled state. Disabling ends every session of the member in the same transaction. The last active admin
 * can be neither demoted nor disabled (by themself or anyone), or nobody could manage the team any more.
 */
export async function updateMember(
  db: Db,
  actor: Actor,
  id: number,
  patch: { role?: StaffRole; disabled?: boolean; firstName?: string | null },
): Promise<StaffMemberDto> {
  await db.transaction(async (tx) => {
    // Every admin row locked: two admins demoting each other at once cannot both pass the count below.
    await tx.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.role, 'admin')).for('update');
    const member = await memberForUpdate(tx, id);
    const current = { role: member.role, disabled: member.disabledAt !== null, firstName: member.firstName };
    const change = diff(current, patch);
    if (!change) return;
    const next = { ...current, ...patch };
    if (current.role === 'admin' && !current.disabled && (next.role !== 'admin' || next.disabled)) {
      const [others] = await tx
        .select({ n: count() })
        .from(staffUsers)
        .where(and(eq(staffUsers.role, 'admin'), isNull(staffUsers.disabledAt), ne(staffUsers.id, id)));
      if (Number(others?.n ?? 0) === 0) throw new HttpError('LAST_ADMIN', LAST_ADMIN);
    }
    await tx
      .update(staffUsers)
      .set({
        role: next.role,
        firstName: next.firstName,
        disabledAt: next.disabled ? (member.disabledAt ?? new Date()) : null,
      })
      .where(eq(staffUsers.id, id));
    if (next.disabled) await endAllStaffSessions(tx, id);
    const action =
      patch.disabled === true
        ? 'staff.disable'
        : patch.disabled === false
          ? 'staff.enable'
          : change.after.role
            ? 'staff.role'
            : 'staff.name';
    await writeAudit(tx, actor, { action, entity: 'staff', entityId: id, ...change });
  });
  const member = (await listStaffMembers(db)).find((m) => m.id === id);
  return member!;
}

/** An admin sends a new « choose your password » link: the old password stops working and the sessions end now. */
export async function resetMemberPassword(db: Db, mail: MailQueue, actor: Actor, id: number): Promise<void> {
  const passwordHash = await unusablePassword();
  await db.transaction(async (tx) => {
    const member = await memberForUpdate(tx, id);
    if (member.disabledAt) throw new HttpError('DISABLED', 'Réactivez d’abord ce membre pour lui envoyer un lien.');
    await issuePasswordLink(tx, mail, member, 'reset');
    await tx.update(staffUsers).set({ passwordHash }).where(eq(staffUsers.id, id));
    const sessionsEnded = await endAllStaffSessions(tx, id);
    await writeAudit(tx, actor, {
      action: 'staff.password_link',
      entity: 'staff',
      entityId: id,
      after: { sessionsEnded },
    });
  });
}

export async function endMemberSessions(db: Db, actor: Actor, id: number): Promise<number> {
  return db.transaction(async (tx) => {
    await memberForUpdate(tx, id);
    const ended = await endAllStaffSessions(tx, id);
    await writeAudit(tx, actor, {
      action: 'staff.sessions_end',
      entity: 'staff',
      entityId: id,
      after: { sessionsEnded: ended },
    });
    return ended;
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
    const ended = await tx
      .delete(staffSessions)
      .where(and(eq(staffSessions.staffId, staff.id), ne(staffSessions.id, staff.sessionId)))
      .returning({ id: staffSessions.id });
    await writeAudit(tx, staff, {
      action: 'staff.password_change',
      entity: 'staff',
      entityId: staff.id,
      after: { sessionsEnded: ended.length },
    });
    return ended.length;
  });
}

/** A member's own working hours (« Mes horaires »); null: the plans' support hours. */
export async function dutyHoursOf(db: Tx, id: number): Promise<WeekHours | null> {
  const [row] = await db.select({ dutyHours: staffUsers.dutyHours }).from(staffUsers).where(eq(staffUsers.id, id));
  if (!row) throw notFound(MEMBER_NOT_FOUND);
  return row.dutyHours ?? null;
}

/**
 * Sets when a member is on duty (an admin for anyone in « Équipe », a member for themself), audited with the hours
 * before and after. Checked by the shared schema already; nothing is written when nothing changes.
 */
export async function setDutyHours(
  db: Db,
  actor: Actor,
  id: number,
  hours: WeekHours | null,
): Promise<WeekHours | null> {
  return db.transaction(async (tx) => {
    const member = await memberForUpdate(tx, id);
    const before = member.dutyHours ?? null;
    if (JSON.stringify(before) === JSON.stringify(hours)) return before;
    await tx.update(staffUsers).set({ dutyHours: hours }).where(eq(staffUsers.id, id));
    await writeAudit(tx, actor, {
      action: 'staff.duty_hours',
      entity: 'staff',
      entityId: id,
      before: { dutyHours: before },
      after: { dutyHours: hours },
    });
    return hours;
  });
}
