// A client's screen shared with the member handling the request (docs/decisions/043). The server decides who may
// take part and relays their signals; the picture and the voice go from page to page and are never stored here.
import { randomUUID } from 'node:crypto';
import { holdAccountOf, holdOwnAccount } from '#server/services/clients/account-lock.ts';
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '#server/db/client.ts';
import {
  clientSessions,
  interventionMessages,
  interventions,
  screenShares,
  staffSessions,
  staffUsers,
} from '#server/db/schema.ts';
import { HttpError, notFound } from '#server/http-error.ts';
import { CLIENT_ACTOR, SERVER_ACTOR, writeAudit, type Actor } from '#server/services/security/audit.ts';
import { publishLive } from '#server/services/live/events.ts';
import { forgetSignals, sendSignal } from '#server/services/live/signals.ts';
import type { StaffRole } from '#shared/staff/staff-labels.ts';
import { CLIENT_UNAUTHORIZED } from '#shared/clients/client-api.ts';
import type { ScreenShareEndReason } from '#shared/remote/screen-share-labels.ts';
import {
  SCREEN_SHARE_ENDED,
  SCREEN_SHARE_FORBIDDEN,
  SCREEN_SHARE_NOT_FOUND,
  SCREEN_SHARE_REQUEST_CLOSED,
  screenShareLine,
  type ScreenShareDto,
  type SignalInput,
} from '#shared/remote/screen-share-api.ts';

type ShareRow = typeof screenShares.$inferSelect;
export type ShareStaff = Actor & { id: number; role: StaffRole };
export type ShareParty = { side: 'client'; clientId: number; address?: string } | { side: 'staff'; staff: ShareStaff };

const topicOf = (shareId: number) => `screen-share:${shareId}`;
const isOpen = (status: string) => status === 'pending' || status === 'in_progress';

async function firstNameOf(db: Tx, staffId: number | null): Promise<string | null> {
  if (staffId === null) return null;
  const [row] = await db.select({ firstName: staffUsers.firstName }).from(staffUsers).where(eq(staffUsers.id, staffId));
  return row?.firstName || null;
}

/** Who the client reads: the member watching, else the one handling the request, else null (« l’équipe »). */
async function staffNameFor(db: Tx, share: ShareRow, assignedStaffId: number | null) {
  return firstNameOf(db, share.staffId ?? assignedStaffId);
}

function toDto(share: ShareRow, staffName: string | null): ScreenShareDto {
  return {
    id: share.id,
    interventionId: share.interventionId,
    startedAt: share.startedAt.toISOString(),
    joinedAt: share.joinedAt?.toISOString() ?? null,
    endedAt: share.endedAt?.toISOString() ?? null,
    endedBy: share.endedBy,
    durationMinutes: share.durationMinutes,
    staffName,
  };
}

/** The shares still running where `where` holds (on a request: one at most). */
const runningShares = (tx: Tx, where: SQL) =>
  tx
    .select({ id: screenShares.id })
    .from(screenShares)
    .where(and(where, isNull(screenShares.endedAt)));

/** The member handling the request may watch, and an admin; nobody else. */
const mayWatch = (staff: ShareStaff, assignedStaffId: number | null) =>
  staff.role === 'admin' || assignedStaffId === staff.id;

/**
 * The share and its request, as the party may see them: another client's share does not exist for a client (404);
 * a member who neither handles the request nor is an admin is refused (403). With `lock`, the row is held.
 */
async function shareFor(tx: Tx, shareId: number, party: ShareParty, lock = false, mayEnd = false) {
  const query = tx
    .select({ share: screenShares, assignedStaffId: interventions.assignedStaffId, status: interventions.status })
    .from(screenShares)
    .innerJoin(interventions, eq(interventions.id, screenShares.interventionId))
    .where(
      and(
        eq(screenShares.id, shareId),
        party.side === 'client' ? eq(screenShares.clientId, party.clientId) : undefined,
      ),
    );
  const [found] = lock ? await query.for('update', { of: screenShares }) : await query;
  if (!found) throw notFound(SCREEN_SHARE_NOT_FOUND);
  if (party.side === 'staff' && !mayEnd && !mayWatch(party.staff, found.assignedStaffId))
    throw new HttpError('SCREEN_SHARE_FORBIDDEN', SCREEN_SHARE_FORBIDDEN);
  return found;
}

/**
 * « Partager mon écran » on one of the client's open requests, from the session `sessionHash`; a share still running
 * there ends first.
 */
export async function startScreenShare(
  db: Db,
  session: { clientId: number; sessionHash: string },
  interventionId: number,
  now = new Date(),
) {
  const { clientId, sessionHash } = session;
  return db.transaction(async (tx) => {
    // The account first, then the request: the order an erasure takes them in (docs/decisions/045). The session is
    // held too: ended between its check and this transaction, the share would be saved after the pass that ends its
    // session's shares.
    await holdOwnAccount(tx, clientId);
    const [live] = await tx
      .select({ idHash: clientSessions.idHash })
      .from(clientSessions)
      .where(and(eq(clientSessions.idHash, sessionHash), sql`${clientSessions.expiresAt} > now()`))
      .for('key share');
    if (!live) throw new HttpError('UNAUTHENTICATED', CLIENT_UNAUTHORIZED);
    const [request] = await tx
      .select()
      .from(interventions)
      .where(and(eq(interventions.id, interventionId), eq(interventions.clientId, clientId)))
      .for('update');
    if (!request) throw notFound('Demande introuvable');
    if (!isOpen(request.status)) throw new HttpError('THREAD_CLOSED', SCREEN_SHARE_REQUEST_CLOSED);
    const [running] = await runningShares(tx, eq(screenShares.interventionId, interventionId));
    if (running) await closeShare(tx, running.id, { side: 'client', clientId }, 'page_closed', now);
    const [share] = await tx
      .insert(screenShares)
      .values({ interventionId, clientId, clientSessionHash: sessionHash, startedAt: now, lastSeenAt: now })
      .returning();
    await publishLive(
      tx,
      'intervention.screen_share',
      { interventionId, clientId, subjectId: share!.id },
      { staff: `Le client partage son écran sur la demande #${interventionId}` },
    );
    return toDto(share!, await firstNameOf(tx, request.assignedStaffId));
  });
}

/** « Rejoindre »: the member becomes the share's viewer; the client's page is told to make its offer. */
export async function joinScreenShare(db: Db, shareId: number, staff: ShareStaff, now = new Date()) {
  return db.transaction(async (tx) => {
    // The request first, as its closing holds it while it ends the share and counts its minutes: a member joining
    // meanwhile waits, then finds the share ended, instead of joining a share the closing has counted at 0 min.
    await tx
      .select({ id: interventions.id })
      .from(interventions)
      .innerJoin(screenShares, eq(screenShares.interventionId, interventions.id))
      .where(eq(screenShares.id, shareId))
      .for('share', { of: interventions });
    const { share } = await shareFor(tx, shareId, { side: 'staff', staff }, true);
    if (share.endedAt) throw new HttpError('SCREEN_SHARE_ENDED', SCREEN_SHARE_ENDED);
    const [joined] = await tx
      .update(screenShares)
      .set({ staffId: staff.id, joinedAt: share.joinedAt ?? now })
      .where(eq(screenShares.id, shareId))
      .returning();
    const staffName = await firstNameOf(tx, staff.id);
    const peer = randomUUID();
    await sendSignal(
      tx,
      topicOf(shareId),
      { side: 'client', clientId: share.clientId },
      {
        kind: 'join',
        shareId,
        peer,
        staffName,
      },
    );
    return { share: toDto(joined!, staffName), peer };
  });
}

/**
 * One signal from a page to the other: the client's go to the member watching, the member's to the client. Refused
 * once the share has ended; a member other than the one watching may not speak in it.
 */
export async function relaySignal(db: Db, shareId: number, from: ShareParty, input: SignalInput) {
  await db.transaction(async (tx) => {
    const { share } = await shareFor(tx, shareId, from);
    if (share.endedAt) throw new HttpError('SCREEN_SHARE_ENDED', SCREEN_SHARE_ENDED);
    if (from.side === 'staff' && share.staffId !== from.staff.id)
      throw new HttpError('SCREEN_SHARE_FORBIDDEN', 'Rejoignez d’abord le partage pour voir l’écran du client.');
    const to =
      from.side === 'staff'
        ? ({ side: 'client', clientId: share.clientId } as const)
        : share.staffId === null
          ? null
          : ({ side: 'staff', staffId: share.staffId } as const);
    // Nobody watches yet: the client's page makes its offer again when a member joins.
    if (to) await sendSignal(tx, topicOf(shareId), to, { ...input, shareId });
  });
}

/**
 * Ends the share once: its minutes go to the request's duration, its line to the conversation, its entry to the
 * journal; both pages are told. Ending it again answers the same record and writes nothing. Without `trace`, for an
 * erased client, only the times and minutes are kept: no line, no journal entry, no live event that would name them.
 * `mayEnd`: the caller has checked the party may end it (a member closing the request, who may not watch it).
 * `endedAt`: a pass ends a share as of an earlier moment (its last sign of life, its session's expiry): the share's
 * times and minutes stop there, what is written about it is dated now. `unlessSeenAfter`: a silent share whose page
 * spoke since the pass read it is left running. `actor`: who the journal names, when not the party (a pass the server
 * runs of itself).
 */
type CloseOptions = { trace?: boolean; mayEnd?: boolean; endedAt?: Date; unlessSeenAfter?: Date; actor?: Actor };

async function closeShare(
  tx: Tx,
  shareId: number,
  party: ShareParty,
  reason: ScreenShareEndReason,
  now: Date,
  { trace = true, mayEnd = false, endedAt = now, unlessSeenAfter, actor }: CloseOptions = {},
) {
  const { share, assignedStaffId } = await shareFor(tx, shareId, party, true, mayEnd);
  if (share.endedAt || (unlessSeenAfter && share.lastSeenAt && share.lastSeenAt > unlessSeenAfter))
    return toDto(share, await staffNameFor(tx, share, assignedStaffId));
  // Watched for at least a minute once joined; nothing when the page was gone before anyone joined.
  const minutes =
    share.joinedAt && endedAt >= share.joinedAt
      ? Math.max(1, Math.round((endedAt.getTime() - share.joinedAt.getTime()) / 60_000))
      : 0;
  const [ended] = await tx
    .update(screenShares)
    // The session's hash is kept only while the share runs: the record keeps times, nothing of the session.
    .set({ endedAt, endedBy: reason, durationMinutes: minutes, clientSessionHash: null })
    .where(eq(screenShares.id, shareId))
    .returning();
  const staffName = await staffNameFor(tx, ended!, assignedStaffId);
  const watcher = ended!.staffId;
  if (minutes > 0) {
    await tx
      .update(interventions)
      .set({ durationMinutes: sql`coalesce(${interventions.durationMinutes}, 0) + ${minutes}`, updatedAt: now })
      .where(eq(interventions.id, share.interventionId));
  }
  if (trace) await traceEnd(tx, { share: ended!, party, reason, minutes, staffName, watcher, now, actor });
  // Its offers and candidates (network addresses) go now; the end itself is the last message of each side.
  await forgetSignals(tx, topicOf(shareId));
  const end = { kind: 'end', shareId, durationMinutes: minutes };
  await sendSignal(tx, topicOf(shareId), { side: 'client', clientId: share.clientId }, end);
  if (watcher !== null) await sendSignal(tx, topicOf(shareId), { side: 'staff', staffId: watcher }, end);
  return toDto(ended!, staffName);
}

/** A share's end as people read it: its line in the conversation (once someone watched), the journal, both pages. */
async function traceEnd(
  tx: Tx,
  ended: {
    share: ShareRow;
    party: ShareParty;
    reason: ScreenShareEndReason;
    minutes: number;
    staffName: string | null;
    watcher: number | null;
    now: Date;
    actor?: Actor;
  },
) {
  const { share, party, reason, minutes, staffName, watcher, now } = ended;
  if (minutes > 0) {
    const [member] = await tx
      .select({ username: staffUsers.username })
      .from(staffUsers)
      .where(eq(staffUsers.id, watcher ?? -1));
    await tx.insert(interventionMessages).values({
      interventionId: share.interventionId,
      author: 'staff',
      staffUsername: member?.username ?? null,
      body: screenShareLine(minutes, staffName),
      notice: true,
      createdAt: now,
    });
  }
  const actor: Actor =
    ended.actor ??
    (party.side === 'staff' ? party.staff : { ...CLIENT_ACTOR, ...(party.address ? { address: party.address } : {}) });
  await writeAudit(tx, actor, {
    action: 'intervention.screen_share',
    entity: 'intervention',
    entityId: share.interventionId,
    after: {
      screenShareId: share.id,
      startedAt: share.startedAt.toISOString(),
      joinedAt: share.joinedAt?.toISOString() ?? null,
      endedAt: share.endedAt!.toISOString(),
      durationMinutes: minutes,
      endedBy: reason,
    },
  });
  await publishLive(
    tx,
    'intervention.screen_share_ended',
    { interventionId: share.interventionId, clientId: share.clientId, subjectId: share.id },
    {
      staff: `Partage d’écran terminé sur la demande #${share.interventionId} (${minutes} min)`,
      client: `Partage d’écran terminé (${minutes} min)`,
      ...(party.side === 'staff' ? { actorStaffId: party.staff.id } : {}),
    },
  );
}

export async function endScreenShare(
  db: Db,
  shareId: number,
  party: ShareParty,
  reason: ScreenShareEndReason,
  now = new Date(),
  options: Pick<CloseOptions, 'endedAt' | 'unlessSeenAfter' | 'actor'> = {},
) {
  return db.transaction(async (tx) => {
    // Its account, its request, then the share: the order in which starting a share takes them (and ending one adds
    // its minutes to the request). Taken the other way round, an end and a start at the same moment would deadlock.
    const [share] = await tx
      .select({ interventionId: screenShares.interventionId })
      .from(screenShares)
      .where(
        and(
          eq(screenShares.id, shareId),
          party.side === 'client' ? eq(screenShares.clientId, party.clientId) : undefined,
        ),
      );
    if (share) {
      await holdAccountOf(tx, interventions, share.interventionId);
      await tx
        .select({ id: interventions.id })
        .from(interventions)
        .where(eq(interventions.id, share.interventionId))
        .for('update');
    }
    return closeShare(tx, shareId, party, reason, now, options);
  });
}

/**
 * A share ends with the session that opened it, however that session ends: signed out, closed by a new password or a
 * reset, the account erased, or expired. Run on sign-out (`session`: that session's shares only), when the database
 * announces ended sessions (plugins/remote.ts) and at start-up, for what was announced while no server listened.
 * Instances may run it at once: ending twice writes once. A share from before sessions were kept on it ends once its
 * client has no session left. One share that cannot be ended is told to `failed` and the others go on.
 */
export async function endSharesOfEndedSessions(
  db: Db,
  now: Date,
  { session, failed }: { session?: string; failed: (error: unknown) => void },
) {
  const clientHasSession = sql`exists (select 1 from ${clientSessions} s where s.client_id = ${screenShares.clientId}
    and s.expires_at > now())`;
  const orphans = await db
    .select({
      id: screenShares.id,
      clientId: screenShares.clientId,
      startedAt: screenShares.startedAt,
      // an expired session ended when it expired, not when a later pass noticed it
      endsAt: clientSessions.expiresAt,
    })
    .from(screenShares)
    .leftJoin(clientSessions, eq(clientSessions.idHash, screenShares.clientSessionHash))
    .where(
      and(
        isNull(screenShares.endedAt),
        session === undefined ? undefined : eq(screenShares.clientSessionHash, session),
        sql`case when ${screenShares.clientSessionHash} is null then not ${clientHasSession}
          else (${clientSessions.idHash} is null or ${clientSessions.expiresAt} <= now()) end`,
      ),
    );
  await endEach(db, orphans, 'sign_out', now, failed);
}

/**
 * A share ends when the member watching may no longer watch it: disabled, signed out everywhere (« Fermer ses
 * sessions », a password reset), or neither an admin nor the one handling the request any more (the request given to
 * someone else, the member no longer an admin). The picture goes page to page, so the server cuts it at its source:
 * the client's page is sent `end` and stops sharing. Run with the passes on ended sessions (plugins/remote.ts) and
 * after staff change a member or who handles a request.
 */
export async function endSharesOfLostWatchers(db: Db, now: Date, failed: (error: unknown) => void) {
  const watcherHasSession = sql`exists (select 1 from ${staffSessions} s where s.staff_id = ${staffUsers.id}
    and s.expires_at > now())`;
  const lost = await db
    .select({ id: screenShares.id, clientId: screenShares.clientId, startedAt: screenShares.startedAt })
    .from(screenShares)
    .innerJoin(interventions, eq(interventions.id, screenShares.interventionId))
    .innerJoin(staffUsers, eq(staffUsers.id, screenShares.staffId))
    .where(
      and(
        isNull(screenShares.endedAt),
        sql`(${staffUsers.disabledAt} is not null or not ${watcherHasSession}
          or (${staffUsers.role} <> 'admin' and ${interventions.assignedStaffId} is distinct from ${staffUsers.id}))`,
      ),
    );
  // Nobody on the client's side did anything: the journal names the server.
  await endEach(
    db,
    lost.map((share) => ({ ...share, endsAt: null })),
    'staff',
    now,
    failed,
    { actor: SERVER_ACTOR },
  );
}

/**
 * Shares found by a pass, each ended as of `endsAt` when that is before `now` (never before it began). `silentSince`:
 * the pass's limit for silent shares, checked again under the share's lock. `actor`: who the journal names (the
 * client's side by default: its session or its page ended the share).
 */
export async function endEach(
  db: Db,
  shares: { id: number; clientId: number; startedAt: Date; endsAt: Date | null }[],
  reason: ScreenShareEndReason,
  now: Date,
  failed: (error: unknown) => void,
  { silentSince, actor }: { silentSince?: Date; actor?: Actor } = {},
) {
  for (const { id, clientId, startedAt, endsAt } of shares) {
    const endedAt = endsAt && endsAt < now ? new Date(Math.max(endsAt.getTime(), startedAt.getTime())) : now;
    try {
      await endScreenShare(db, id, { side: 'client', clientId }, reason, now, {
        endedAt,
        unlessSeenAfter: silentSince,
        actor,
      });
    } catch (error) {
      // Its request erased meanwhile (the share with it): nothing is left to end.
      if (!(error instanceof HttpError && error.code === 'NOT_FOUND')) failed(error);
    }
  }
}

/**
 * A request that closes (completed or cancelled, by staff or by its client) ends the share running on it first, so
 * that its minutes count in the duration the closing reads and e-mails. The caller holds the request and has checked
 * that the party may close it. Answers whether one ended.
 */
export async function endShareOfClosingRequest(tx: Tx, interventionId: number, party: ShareParty, now: Date) {
  const [running] = await runningShares(tx, eq(screenShares.interventionId, interventionId));
  if (!running) return false;
  await closeShare(tx, running.id, party, party.side === 'staff' ? 'staff' : 'client', now, { mayEnd: true });
  return true;
}

/**
 * An erased client's running shares end in the erasure's transaction, which already holds their requests: times and
 * minutes kept, nothing that names them. The member watching is told.
 */
export async function endSharesOfErasedClient(tx: Tx, clientId: number, now: Date) {
  for (const { id } of await runningShares(tx, eq(screenShares.clientId, clientId)))
    await closeShare(tx, id, { side: 'client', clientId }, 'sign_out', now, { trace: false });
}

/** The sharing page's sign of life. A share that has ended answers 409, and the page ends its side. */
export async function shareAlive(db: Db, shareId: number, clientId: number, now = new Date()) {
  const mine = and(eq(screenShares.id, shareId), eq(screenShares.clientId, clientId));
  const [seen] = await db
    .update(screenShares)
    .set({ lastSeenAt: now })
    .where(and(mine, isNull(screenShares.endedAt)))
    .returning({ id: screenShares.id });
  if (seen) return;
  if (!(await db.$count(screenShares, mine))) throw notFound(SCREEN_SHARE_NOT_FOUND);
  throw new HttpError('SCREEN_SHARE_ENDED', SCREEN_SHARE_ENDED);
}

/** Staff: the shares running now, each with whether this member may join it. */
export async function runningScreenShares(db: Tx, staff: ShareStaff) {
  const rows = await db
    .select({
      share: screenShares,
      assignedStaffId: interventions.assignedStaffId,
      assignedFirstName: staffUsers.firstName,
    })
    .from(screenShares)
    .innerJoin(interventions, eq(interventions.id, screenShares.interventionId))
    .leftJoin(staffUsers, eq(staffUsers.id, sql`coalesce(${screenShares.staffId}, ${interventions.assignedStaffId})`))
    .where(isNull(screenShares.endedAt));
  return rows.map((r) => ({
    id: r.share.id,
    interventionId: r.share.interventionId,
    startedAt: r.share.startedAt.toISOString(),
    staffName: r.assignedFirstName || null,
    canJoin: mayWatch(staff, r.assignedStaffId),
  }));
}
