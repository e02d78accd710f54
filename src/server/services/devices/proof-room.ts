// Proofs take room in the database (and in every backup): a quota per client and a few proofs per device awaiting a
// decision, checked from the Content-Length before the body is read, then again under the client's lock.
import type { FastifyRequest } from 'fastify';
import { and, count, eq, sql } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';
import { deviceProofs, devices } from '#server/db/schema.ts';
import { HttpError } from '#server/http-error.ts';
import {
  PROOF_UPLOAD_MAX_BYTES,
  PROOF_MAX_BYTES,
  PROOFS_AWAITING_MAX,
  PROOFS_AWAITING_MESSAGE,
  proofQuotaMessage,
} from '#shared/devices/device-api.ts';

/** The bytes of every proof the client's devices hold (awaiting a decision, or kept 30 days after one). */
async function proofBytesOf(db: Tx, clientId: number): Promise<number> {
  const [row] = await db
    .select({ bytes: sql<string>`coalesce(sum(${deviceProofs.size}), 0)` })
    .from(deviceProofs)
    .innerJoin(devices, eq(devices.id, deviceProofs.deviceId))
    .where(eq(devices.clientId, clientId));
  return Number(row?.bytes ?? 0);
}

/** The proofs a pending device holds: all of them (a refused device's earlier ones go when it is reopened). */
async function awaitingOf(db: Tx, deviceId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(deviceProofs).where(eq(deviceProofs.deviceId, deviceId));
  return Number(row?.n ?? 0);
}

const overQuota = (used: number, quotaBytes: number) =>
  new HttpError('PROOF_QUOTA', proofQuotaMessage(used, quotaBytes), { file: [proofQuotaMessage(used, quotaBytes)] });

/** In the upload's transaction, the client's row locked: two uploads at once are counted one after the other. */
export async function reserveProofRoom(
  tx: Tx,
  clientId: number,
  device: { id: number; status: string },
  bytes: number,
  quotaBytes: number,
) {
  if (device.status === 'pending' && (await awaitingOf(tx, device.id)) >= PROOFS_AWAITING_MAX)
    throw new HttpError('PROOFS_AWAITING', PROOFS_AWAITING_MESSAGE);
  const used = await proofBytesOf(tx, clientId);
  if (used + bytes > quotaBytes) throw overQuota(used, quotaBytes);
}

/** What a multipart body adds around its file, at most, as the route counts it (PROOF_UPLOAD_MAX_BYTES). */
const FRAMING_MAX = PROOF_UPLOAD_MAX_BYTES - PROOF_MAX_BYTES;

/**
 * Before the body is read: a device that already holds its proofs awaiting a decision takes none, and a Content-Length
 * whose smallest possible file (the length less the framing) does not fit in the room left is refused unread. It
 * never refuses an upload that reserveProofRoom would take; an unknown device is left to the handler's 404.
 */
export function proofRoomBeforeBody(db: Tx, quotaBytes: number, clientId: (request: FastifyRequest) => number) {
  return async (request: FastifyRequest) => {
    const deviceId = (request.params as { id: number }).id;
    const [device] = await db
      .select({ id: devices.id, status: devices.status })
      .from(devices)
      .where(and(eq(devices.id, deviceId), eq(devices.clientId, clientId(request))));
    if (!device) return;
    const declared = Number(request.headers['content-length']);
    const smallestFile = Number.isFinite(declared) ? Math.max(0, declared - FRAMING_MAX) : 0;
    await reserveProofRoom(db, clientId(request), device, smallestFile, quotaBytes);
  };
}
