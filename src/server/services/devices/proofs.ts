// Proofs of ownership: uploaded by the client, read by staff, purged after the decision.
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '#server/db/client.ts';
import { clients, deviceProofs, devices } from '#server/db/schema.ts';
import { HttpError, notFound } from '#server/http-error.ts';
import type { Device } from '#shared/devices/device-api.ts';
import { RETENTION, retentionLimit } from '#shared/privacy/retention-periods.ts';
import { currentSubscription } from '#server/services/subscriptions/subscriptions.ts';
import { CLIENT_ACTOR } from '#server/services/security/audit.ts';
import { writeAudit } from '#server/services/security/audit.ts';
import type { MailQueue } from '#server/services/mail/outbox.ts';
import { publishProofLive } from '#server/services/live/staff-notices.ts';
import { ownDevice, roomForOneMore } from './client-devices.ts';
import { deviceLabel, toDevice, proofsOf, type DeviceRow } from './device-rows.ts';
import { coverageOf } from './coverage.ts';
import { reserveProofRoom } from './proof-room.ts';
import { holdOwnAccount } from '#server/services/clients/account-lock.ts';

export type ProofFile = { name: string; mimeType: string; data: Buffer };

/**
 * Staff are told once per device and round (STAFF_EMAIL, live). The round's first proof names the notice: the
 * e-mail's key makes the later ones queue nothing.
 */
async function tellStaffOfFirstProof(
  tx: Tx,
  mail: MailQueue,
  sent: { clientId: number; device: DeviceRow; proofId: number; fileName: string },
) {
  const { clientId, device, proofId, fileName } = sent;
  const [client] = await tx
    .select({ name: clients.name, email: clients.email })
    .from(clients)
    .where(eq(clients.id, clientId));
  const [first] = await tx
    .select({ id: deviceProofs.id })
    .from(deviceProofs)
    .where(eq(deviceProofs.deviceId, device.id))
    .orderBy(asc(deviceProofs.id))
    .limit(1);
  if (first!.id !== proofId) return;
  await mail.queueForStaff(
    tx,
    `staff-device-proof:${device.id}:${proofId}`,
    'staff_device_proof',
    {
      deviceId: device.id,
      clientId,
      clientName: client!.name,
      clientEmail: client!.email,
      device: deviceLabel(device),
      fileName,
    },
    clientId,
  );
  await publishProofLive(tx, { deviceId: device.id, clientId, clientName: client!.name });
}

/**
 * A proof the client sends, within their room for proofs (proof-room.ts). A device waiting for its verification takes
 * one; so does a refused device, which goes back to « À vérifier » (its place in the plan permitting: the client's row
 * is locked as in addDevice) with its proof awaited; the refusal stays in the audit log, and its reason on the device
 * until the next decision, while the refused proofs go at once (kept, they would outlive the 30 days after the
 * decision: the purge reads only decided devices). Staff are told (STAFF_EMAIL, live) once per device and round:
 * the proofs sent after the first join it.
 */
export async function addProof(
  db: Db,
  mail: MailQueue,
  clientId: number,
  id: number,
  file: ProofFile,
  quotaBytes: number,
  now = new Date(),
): Promise<Device> {
  return db.transaction(async (tx) => {
    await holdOwnAccount(tx, clientId, 'update');
    const row = await ownDevice(tx, clientId, id);
    if (row.status !== 'pending' && row.status !== 'refused') {
      throw new HttpError(
        'DEVICE_DECIDED',
        row.status === 'verified'
          ? 'Cet appareil est déjà vérifié : aucun justificatif n’est attendu.'
          : 'Cet appareil est retiré : déclarez-le à nouveau depuis « Mes appareils » pour envoyer un justificatif.',
      );
    }
    const reopened = row.status === 'refused';
    if (reopened) {
      await roomForOneMore(tx, clientId, now);
      await tx.delete(deviceProofs).where(eq(deviceProofs.deviceId, id));
    }
    await reserveProofRoom(tx, clientId, { id, status: 'pending' }, file.data.length, quotaBytes);
    const [proof] = await tx
      .insert(deviceProofs)
      .values({
        deviceId: id,
        name: file.name,
        mimeType: file.mimeType,
        size: file.data.length,
        data: file.data,
        uploadedAt: now,
      })
      .returning({ id: deviceProofs.id });
    const [updated] = await tx
      .update(devices)
      .set({
        updatedAt: now,
        ...(reopened ? { status: 'pending' as const, proofRequested: true, decidedAt: null, decidedBy: null } : {}),
      })
      .where(eq(devices.id, id))
      .returning();
    await writeAudit(tx, CLIENT_ACTOR, {
      action: 'device.proof_upload',
      entity: 'device',
      entityId: id,
      ...(reopened
        ? { before: { status: row.status, refusalReason: row.refusalReason, decidedBy: row.decidedBy } }
        : {}),
      after: {
        proofId: proof!.id,
        mimeType: file.mimeType,
        size: file.data.length,
        ...(reopened ? { status: 'pending' } : {}),
      },
    });
    await tellStaffOfFirstProof(tx, mail, { clientId, device: row, proofId: proof!.id, fileName: file.name });
    const covered = (await coverageOf(tx, clientId, await currentSubscription(tx, clientId, now))).has(id);
    return toDevice(updated!, [...((await proofsOf(tx, [id])).get(id) ?? [])], covered);
  });
}

/** A proof's bytes, for staff only. */
export async function readProof(db: Tx, id: number): Promise<ProofFile> {
  const [row] = await db
    .select({ name: deviceProofs.name, mimeType: deviceProofs.mimeType, data: deviceProofs.data })
    .from(deviceProofs)
    .where(eq(deviceProofs.id, id));
  if (!row) throw notFound('Justificatif introuvable');
  return row;
}

// ---- retention -------------------------------------------------------------------------------------------------

/**
 * Proofs are personal data: deleted their period (RETENTION.deviceProofs) after the device was verified, refused or retired; the decision (who,
 * when) stays on the device and in the audit log. Safe to run twice.
 */
export async function purgeDeviceProofs(db: Db, now: Date): Promise<number> {
  const limit = retentionLimit(RETENTION.deviceProofs, now);
  const deleted = await db
    .delete(deviceProofs)
    .where(
      inArray(
        deviceProofs.deviceId,
        db
          .select({ id: devices.id })
          .from(devices)
          .where(
            sql`(${devices.status} in ('verified', 'refused') and ${devices.decidedAt} < ${limit}) or (${devices.status} = 'retired' and ${devices.retiredAt} < ${limit})`,
          ),
      ),
    )
    .returning({ id: deviceProofs.id });
  return deleted.length;
}
