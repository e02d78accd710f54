import { and, asc, count, eq, gt, isNull, max, ne, sql } from 'drizzle-orm';
import type { StaffRole } from '#shared/staff/staff-labels.ts';
import type { StaffMemberDto } from '#shared/staff/staff-members.ts';
import type { Db, Tx } from '#server/db/client.ts';
import { staffSessions, staffUsers } from '#server/db/schema.ts';
import { HttpError, notFound } from '#server/http-error.ts';
import { diff, writeAudit, type Actor } from '#server/services/security/audit.ts';
import type { MailQueue } from '#server/services/mail/outbox.ts';
import { endAllStaffSessions } from '#server/services/security/sessions.ts';
import { isUniqueViolation } from '#server/db/db-errors.ts';
import { unusablePassword, issuePasswordLink } from './staff-passwords.ts';

export const MEMBER_NOT_FOUND = 'Membre de l’équipe introuvable';
export const LAST_ADMIN =
  'Il doit rester au moins un administrateur actif : nommez ou réactivez d’abord un autre administrateur.';

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

export async function memberForUpdate(tx: Tx, id: number) {
  const [member] = await tx.select().from(staffUsers).where(eq(staffUsers.id, id)).for('update');
  if (!member) throw notFound(MEMBER_NOT_FOUND);
  return member;
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
