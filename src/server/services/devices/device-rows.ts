// A device row as every part of the domain reads it: blocked or not, its label, its proofs without their bytes.
import { asc, inArray } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';
import type { devices } from '#server/db/schema.ts';
import { deviceProofs } from '#server/db/schema.ts';
import type { Device } from '#shared/devices/device-api.ts';
import { REGISTRATION_DEVICE_LABELS } from '#shared/devices/device-labels.ts';

export const DEVICE_NOT_FOUND = 'Appareil introuvable';
export type DeviceRow = typeof devices.$inferSelect;
type ProofMeta = { id: number; deviceId: number; name: string; size: number; mimeType: string; uploadedAt: Date };

/** Staff asked a proof that is not verified yet, or refused the device: assistance on it waits (docs/decisions/036). */
export const isBlocked = (d: Pick<DeviceRow, 'status' | 'proofRequested'>) =>
  d.status === 'refused' || (d.status === 'pending' && d.proofRequested);

/** « MacBook (Air/Pro) – MacBook Air 2020 », as mails and lists name a device. */
export const deviceLabel = (d: Pick<DeviceRow, 'deviceType' | 'deviceInfo'>) =>
  `${REGISTRATION_DEVICE_LABELS[d.deviceType]} – ${d.deviceInfo}`;

export function toDevice(d: DeviceRow, proofs: ProofMeta[], covered: boolean): Device {
  return {
    id: d.id,
    covered,
    deviceType: d.deviceType,
    deviceInfo: d.deviceInfo,
    status: d.status,
    proofRequested: d.proofRequested,
    proofMessage: d.proofMessage,
    refusalReason: d.refusalReason,
    blocked: isBlocked(d),
    proofs: proofs.map((p) => ({ id: p.id, name: p.name, size: p.size, uploadedAt: p.uploadedAt.toISOString() })),
    createdAt: d.createdAt.toISOString(),
    decidedAt: d.decidedAt?.toISOString() ?? null,
    retiredAt: d.retiredAt?.toISOString() ?? null,
  };
}

/** The proofs of these devices, without their bytes, grouped by device. */
export async function proofsOf(db: Tx, ids: number[]): Promise<Map<number, ProofMeta[]>> {
  const byDevice = new Map<number, ProofMeta[]>();
  if (!ids.length) return byDevice;
  const rows = await db
    .select({
      id: deviceProofs.id,
      deviceId: deviceProofs.deviceId,
      name: deviceProofs.name,
      size: deviceProofs.size,
      mimeType: deviceProofs.mimeType,
      uploadedAt: deviceProofs.uploadedAt,
    })
    .from(deviceProofs)
    .where(inArray(deviceProofs.deviceId, ids))
    .orderBy(asc(deviceProofs.id));
  for (const row of rows) byDevice.set(row.deviceId, [...(byDevice.get(row.deviceId) ?? []), row]);
  return byDevice;
}
