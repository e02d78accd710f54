// Messages from one open page to another (a screen share's WebRTC offer, answer and candidates), delivered on the
// recipient's live stream by whichever instance holds it. The row carries the body (an SDP may not fit NOTIFY's
// 8,000 bytes); the notice only says which row and for whom.
import { eq, lt, sql } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';
import { liveSignals } from '#server/db/schema.ts';
import { RETENTION, retentionLimit } from '#shared/privacy/retention-periods.ts';

export const SIGNAL_CHANNEL = 'rfs_signal';

export type SignalRecipient = { side: 'client'; clientId: number } | { side: 'staff'; staffId: number };
export type SignalNotice = { id: number; toClientId: number | null; toStaffId: number | null };

/** Stored and announced in the caller's transaction: the recipient hears it once it is committed. */
export async function sendSignal(tx: Tx, topic: string, to: SignalRecipient, body: unknown) {
  const [row] = await tx
    .insert(liveSignals)
    .values({
      topic,
      toClientId: to.side === 'client' ? to.clientId : null,
      toStaffId: to.side === 'staff' ? to.staffId : null,
      body,
    })
    .returning({ id: liveSignals.id, toClientId: liveSignals.toClientId, toStaffId: liveSignals.toStaffId });
  await tx.execute(sql`select pg_notify(${SIGNAL_CHANNEL}, ${JSON.stringify(row! satisfies SignalNotice)})`);
}

export async function readSignal(db: Tx, id: number): Promise<unknown> {
  const [row] = await db.select({ body: liveSignals.body }).from(liveSignals).where(eq(liveSignals.id, id));
  return row?.body ?? null;
}

/** The exchange is over: its messages (network addresses among them) go at once. */
export async function forgetSignals(tx: Tx, topic: string) {
  await tx.delete(liveSignals).where(eq(liveSignals.topic, topic));
}

/** A signal is useful for seconds: what a crash left behind goes after its period (RETENTION.liveSignals). */
export async function pruneSignals(db: Tx, now = new Date()): Promise<number> {
  const gone = await db
    .delete(liveSignals)
    .where(lt(liveSignals.createdAt, retentionLimit(RETENTION.liveSignals, now)))
    .returning({ id: liveSignals.id });
  return gone.length;
}
