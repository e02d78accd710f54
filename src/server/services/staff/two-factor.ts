// Two-factor sign-in for staff: TOTP (RFC 6238) through otpauth, single-use recovery codes, the admin's policy.
import { and, count, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { Secret } from 'otpauth';
import QRCode from 'qrcode';
import type { TwoFactorSetupDto, TwoFactorStatusDto } from '#shared/staff/two-factor.ts';
import type { Db, Tx } from '#server/db/client.ts';
import { staffRecoveryCodes, staffUsers } from '#server/db/schema.ts';
import { HttpError, notFound } from '#server/http-error.ts';
import { writeAudit, type Actor } from '#server/services/security/audit.ts';
import { endAllStaffSessions, endOtherStaffSessions } from '#server/services/security/sessions.ts';
import type { SecretBox } from '#server/services/mail/secret-box.ts';
import { totpFor, codeStep } from './totp.ts';
import { replaceRecoveryCodes, RECOVERY_LENGTH, hashRecoveryCode } from './recovery-codes.ts';
import { securitySettings } from './security-settings.ts';

type Member = { id: number; username: string };

/** A new secret, kept sealed as pending until a code from it is typed back; the active one (if any) is untouched. */
export async function startEnrolment(
  db: Tx,
  box: SecretBox,
  member: Member,
  issuer: string,
): Promise<TwoFactorSetupDto> {
  const secret = new Secret({ size: 20 }).base32;
  await db
    .update(staffUsers)
    .set({ totpPendingSecret: box.seal(secret) })
    .where(eq(staffUsers.id, member.id));
  const otpauthUrl = totpFor(secret, member.username, issuer).toString();
  const svg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret, otpauthUrl, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/**
 * Where an enrolment is confirmed. `unlockedSession`: the session it is confirmed from was already unlocked (by the
 * secret code, or opened with a factor that opens the download tab); only then does the new factor open the tab
 * (docs/decisions/009). `sessionId`: that session, kept open; every other session of the account ends (none is kept
 * at a sign-in's enrolment, which has no session yet).
 */
export type EnrolmentPlace = { unlockedSession: boolean; sessionId: number | null };

/**
 * The first code from the new secret turns two-factor sign-in on: the secret becomes active, its step is recorded as
 * used, 10 new recovery codes are made (returned once, kept hashed), the account's other sessions end (whoever
 * enrols a phone signs out the rest: an owner signed out by someone else's enrolment finds out at once). Null when
 * the code does not match.
 */
export async function confirmEnrolment(
  db: Db,
  box: SecretBox,
  actor: Actor,
  member: Member,
  code: string,
  place: EnrolmentPlace,
  now = new Date(),
): Promise<string[] | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ pending: staffUsers.totpPendingSecret, enabledAt: staffUsers.totpEnabledAt })
      .from(staffUsers)
      .where(eq(staffUsers.id, member.id))
      .for('update');
    if (!row?.pending) throw new HttpError('NO_ENROLMENT', 'Aucune activation en cours : recommencez depuis le début.');
    const step = codeStep(box.open(row.pending), code, now);
    if (step === null) return null;
    const opensDownload = place.unlockedSession;
    await tx
      .update(staffUsers)
      .set({
        totpSecret: row.pending,
        totpPendingSecret: null,
        totpEnabledAt: now,
        totpLastStep: step,
        totpOpensDownload: opensDownload,
      })
      .where(eq(staffUsers.id, member.id));
    const codes = await replaceRecoveryCodes(tx, member.id);
    const sessionsEnded =
      place.sessionId === null
        ? await endAllStaffSessions(tx, member.id)
        : await endOtherStaffSessions(tx, { id: member.id, sessionId: place.sessionId });
    await writeAudit(tx, actor, {
      action: row.enabledAt ? 'staff.two_factor.replaced' : 'staff.two_factor.enabled',
      entity: 'staff',
      entityId: member.id,
      after: { twoFactor: true, opensDownload, sessionsEnded },
    });
    return codes;
  });
}

export type SecondFactor = 'totp' | 'recovery';

/**
 * Checks a code at sign-in: a TOTP code of the window whose step is later than the last one used (a replay, even
 * within its 90 seconds, is refused), or an unused recovery code. Each is consumed by one conditional UPDATE, so two
 * requests with the same code cannot both pass.
 */
export async function verifySecondFactor(
  db: Tx,
  box: SecretBox,
  staffId: number,
  input: string,
  now = new Date(),
): Promise<SecondFactor | null> {
  const code = input.replace(/[\s-]/g, '').toLowerCase();
  const [member] = await db
    .select({ secret: staffUsers.totpSecret })
    .from(staffUsers)
    .where(eq(staffUsers.id, staffId));
  if (!member?.secret) return null;
  if (/^\d{6}$/.test(code)) {
    const step = codeStep(box.open(member.secret), code, now);
    if (step === null) return null;
    const taken = await db
      .update(staffUsers)
      .set({ totpLastStep: step })
      .where(and(eq(staffUsers.id, staffId), or(isNull(staffUsers.totpLastStep), lt(staffUsers.totpLastStep, step))))
      .returning({ id: staffUsers.id });
    return taken.length ? 'totp' : null;
  }
  if (code.length !== RECOVERY_LENGTH) return null;
  const used = await db
    .update(staffRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(staffRecoveryCodes.staffId, staffId),
        eq(staffRecoveryCodes.codeHash, hashRecoveryCode(code)),
        isNull(staffRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: staffRecoveryCodes.id });
  return used.length ? 'recovery' : null;
}

/** Whether the member's active second factor opens the download tab by itself (docs/decisions/009). */
export async function factorOpensDownload(db: Tx, staffId: number): Promise<boolean> {
  const [row] = await db
    .select({ secret: staffUsers.totpSecret, opens: staffUsers.totpOpensDownload })
    .from(staffUsers)
    .where(eq(staffUsers.id, staffId));
  return Boolean(row?.secret) && row?.opens === true;
}

/**
 * The secret code was typed in a session opened with a second factor: whoever holds that factor knows the code, so
 * from now on the factor opens the download tab by itself. A factor enrolled with a stolen password never gets here
 * (the thief does not know the code). Audited the first time.
 */
export async function trustFactorAfterCode(db: Tx, actor: Actor & { id: number }): Promise<void> {
  const changed = await db
    .update(staffUsers)
    .set({ totpOpensDownload: true })
    .where(and(eq(staffUsers.id, actor.id), isNotNull(staffUsers.totpSecret), eq(staffUsers.totpOpensDownload, false)))
    .returning({ id: staffUsers.id });
  if (changed.length) {
    await writeAudit(db, actor, {
      action: 'staff.two_factor.opens_download',
      entity: 'staff',
      entityId: actor.id,
      before: { opensDownload: false },
      after: { opensDownload: true },
    });
  }
}

export async function hasTwoFactor(db: Tx, staffId: number): Promise<boolean> {
  const [row] = await db.select({ secret: staffUsers.totpSecret }).from(staffUsers).where(eq(staffUsers.id, staffId));
  return Boolean(row?.secret);
}

export async function twoFactorStatus(
  db: Tx,
  staffId: number,
  sessionSecondFactor: boolean,
): Promise<TwoFactorStatusDto> {
  const [[member], [left], settings] = await Promise.all([
    db
      .select({
        enabledAt: staffUsers.totpEnabledAt,
        secret: staffUsers.totpSecret,
        opens: staffUsers.totpOpensDownload,
      })
      .from(staffUsers)
      .where(eq(staffUsers.id, staffId)),
    db
      .select({ n: count() })
      .from(staffRecoveryCodes)
      .where(and(eq(staffRecoveryCodes.staffId, staffId), isNull(staffRecoveryCodes.usedAt))),
    securitySettings(db),
  ]);
  const enabled = Boolean(member?.secret);
  return {
    enabled,
    enabledAt: enabled && member?.enabledAt ? member.enabledAt.toISOString() : null,
    recoveryCodesLeft: enabled ? Number(left?.n ?? 0) : 0,
    opensDownload: enabled && member?.opens === true,
    required: settings.requireTwoFactor,
    sessionSecondFactor,
  };
}

/** Turns it off: the secret, a pending enrolment and the recovery codes go, in one transaction with its trace. */
async function removeTwoFactor(tx: Tx, staffId: number) {
  await tx
    .update(staffUsers)
    .set({
      totpSecret: null,
      totpPendingSecret: null,
      totpEnabledAt: null,
      totpLastStep: null,
      totpOpensDownload: false,
    })
    .where(eq(staffUsers.id, staffId));
  await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, staffId));
}

/**
 * The member turns it off themself, with a current code; refused while an admin requires it for everyone. Their
 * other sessions end, as after an enrolment: the account's way in changed.
 */
export async function disableOwnTwoFactor(
  db: Db,
  box: SecretBox,
  actor: Actor & { id: number; sessionId: number },
  code: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    if ((await securitySettings(tx)).requireTwoFactor) {
      throw new HttpError(
        'TWO_FACTOR_REQUIRED',
        'La double authentification est obligatoire pour toute l’équipe : elle ne peut pas être désactivée.',
      );
    }
    if ((await verifySecondFactor(tx, box, actor.id, code)) !== 'totp') return false;
    await removeTwoFactor(tx, actor.id);
    const sessionsEnded = await endOtherStaffSessions(tx, actor);
    await writeAudit(tx, actor, {
      action: 'staff.two_factor.disabled',
      entity: 'staff',
      entityId: actor.id,
      before: { twoFactor: true },
      after: { twoFactor: false, sessionsEnded },
    });
    return true;
  });
}

/** New recovery codes against a current code; the old ones stop working. */
export async function renewRecoveryCodes(
  db: Db,
  box: SecretBox,
  actor: Actor & { id: number },
  code: string,
): Promise<string[] | null> {
  return db.transaction(async (tx) => {
    if ((await verifySecondFactor(tx, box, actor.id, code)) !== 'totp') return null;
    const codes = await replaceRecoveryCodes(tx, actor.id);
    await writeAudit(tx, actor, { action: 'staff.two_factor.recovery_codes', entity: 'staff', entityId: actor.id });
    return codes;
  });
}

/**
 * An admin resets a member's second factor (a lost phone): it is removed and the member's sessions end; they enrol
 * again from « Mon compte », or at their next sign-in when it is required.
 */
export async function resetMemberTwoFactor(
  db: Db,
  actor: Actor,
  staffId: number,
  endSessions: (tx: Tx) => Promise<number>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [member] = await tx
      .select({ secret: staffUsers.totpSecret, pending: staffUsers.totpPendingSecret })
      .from(staffUsers)
      .where(eq(staffUsers.id, staffId))
      .for('update');
    if (!member) throw notFound('Membre de l’équipe introuvable');
    await removeTwoFactor(tx, staffId);
    const sessionsEnded = await endSessions(tx);
    await writeAudit(tx, actor, {
      action: 'staff.two_factor_reset',
      entity: 'staff',
      entityId: staffId,
      before: { twoFactor: member.secret !== null },
      after: { twoFactor: false, sessionsEnded },
    });
  });
}
