// « Mes appareils »: a client declares, retires and chooses the devices their plan covers.
import { holdOwnAccount } from '#server/services/clients/account-lock.ts';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '#server/db/client.ts';
import { deviceProofs, devices } from '#server/db/schema.ts';
import { HttpError, notFound } from '#server/http-error.ts';
import type { Device, DeviceInput } from '#shared/devices/device-api.ts';
import {
  DEVICE_IN_USE_STATUSES,
  isDeviceInUse,
  REGISTRATION_DEVICE_LABELS,
  REGISTRATION_DEVICE_TYPES,
  type RegistrationDeviceType,
} from '#shared/devices/device-labels.ts';
import { currentSubscription } from '#server/services/subscriptions/subscriptions.ts';
import { CLIENT_ACTOR } from '#server/services/security/audit.ts';
import { writeAudit, type Actor } from '#server/services/security/audit.ts';
import type { DeviceRow } from './device-rows.ts';
import { proofsOf, toDevice, DEVICE_NOT_FOUND } from './device-rows.ts';
import { coveredIds, coverageOf } from './coverage.ts';
import { proofRequiredForNewDevices, DEFAULT_PROOF_MESSAGE } from './device-settings.ts';

/** The client's devices, in use first, then the oldest first; each says whether the running plan covers it. */
export async function listClientDevices(db: Tx, clientId: number, now = new Date()): Promise<Device[]> {
  const rows = await db
    .select()
    .from(devices)
    .where(eq(devices.clientId, clientId))
    .orderBy(asc(devices.createdAt), asc(devices.id));
  const proofs = await proofsOf(
    db,
    rows.map((d) => d.id),
  );
  const covered = coveredIds(rows, await currentSubscription(db, clientId, now));
  return [...rows.filter(isDeviceInUse), ...rows.filter((d) => !isDeviceInUse(d))].map((d) =>
    toDevice(d, proofs.get(d.id) ?? [], covered.has(d.id)),
  );
}

const inUseOf = (clientId: number) =>
  and(eq(devices.clientId, clientId), inArray(devices.status, [...DEVICE_IN_USE_STATUSES]));

const deviceLimitMessage = (max: number, planName: string | null) =>
  `${planName ? `Votre formule ${planName}` : 'Sans abonnement en cours, votre espace'} couvre ${max} appareil${max > 1 ? 's' : ''}, déjà tous déclarés. ` +
  'Retirez d’abord un appareil que vous n’utilisez plus (« Retirer »), ou passez à une formule qui couvre plus d’appareils.';

/** Refused (409) when the running plan's maxDevices are all in use; the caller holds the client's row locked. */
export async function roomForOneMore(tx: Tx, clientId: number, now: Date) {
  const subscription = await currentSubscription(tx, clientId, now);
  const max = subscription?.maxDevices ?? 1;
  const [used] = await tx.select({ n: count() }).from(devices).where(inUseOf(clientId));
  if (Number(used?.n ?? 0) >= max)
    throw new HttpError('DEVICE_LIMIT', deviceLimitMessage(max, subscription?.plan ?? null));
}

/**
 * A device the client adds from « Mes appareils »: refused (409) when the running plan's maxDevices are all in use.
 * The client's row is locked for the count and the insert, so two tabs cannot both take the last place.
 */
export async function addDevice(db: Db, clientId: number, input: DeviceInput, now = new Date()): Promise<Device> {
  return db.transaction(async (tx) => {
    await holdOwnAccount(tx, clientId, 'update');
    await roomForOneMore(tx, clientId, now);
    const proofRequested = await proofRequiredForNewDevices(tx);
    const [row] = await tx
      .insert(devices)
      .values({
        clientId,
        deviceType: input.deviceType,
        deviceInfo: input.deviceInfo.trim(),
        createdAt: now,
        updatedAt: now,
        proofRequested,
        proofMessage: proofRequested ? DEFAULT_PROOF_MESSAGE : null,
      })
      .returning();
    await writeAudit(tx, CLIENT_ACTOR, {
      action: 'device.add',
      entity: 'device',
      entityId: row!.id,
      after: { clientId, deviceType: row!.deviceType, proofRequested },
    });
    return toDevice(row!, [], true);
  });
}

/**
 * A validated registration's device becomes the account's first device (no cap: the account has none yet). A type
 * outside the catalogue (an old registration) is kept as « Autre ».
 */
export async function addRegistrationDevice(
  tx: Tx,
  clientId: number,
  deviceType: string | null,
  deviceInfo: string | null,
  actor: Actor,
) {
  if (!deviceType && !deviceInfo) return;
  const type: RegistrationDeviceType = (REGISTRATION_DEVICE_TYPES as readonly string[]).includes(deviceType ?? '')
    ? (deviceType as RegistrationDeviceType)
    : 'other';
  const proofRequested = await proofRequiredForNewDevices(tx);
  const [row] = await tx
    .insert(devices)
    .values({
      clientId,
      deviceType: type,
      deviceInfo: deviceInfo?.trim() || REGISTRATION_DEVICE_LABELS[type],
      proofRequested,
      proofMessage: proofRequested ? DEFAULT_PROOF_MESSAGE : null,
    })
    .returning({ id: devices.id });
  await writeAudit(tx, actor, {
    action: 'device.add',
    entity: 'device',
    entityId: row!.id,
    after: { clientId, deviceType: type, fromRegistration: true },
  });
}

/** One of the client's own devices, locked; another client's is 404 like one that does not exist. */
export async function ownDevice(tx: Tx, clientId: number, id: number): Promise<DeviceRow> {
  await holdOwnAccount(tx, clientId);
  const [row] = await tx
    .select()
    .from(devices)
    .where(and(eq(devices.id, id), eq(devices.clientId, clientId)))
    .for('update');
  if (!row) throw notFound(DEVICE_NOT_FOUND);
  return row;
}

/** « Retirer »: the device leaves the plan's places; its proofs go with the 30-day rule from now. */
export async function retireDevice(db: Db, clientId: number, id: number, now = new Date()): Promise<Device> {
  return db.transaction(async (tx) => {
    const row = await ownDevice(tx, clientId, id);
    if (row.status === 'retired') throw new HttpError('ALREADY_DONE', 'Cet appareil est déjà retiré.');
    const [updated] = await tx
      .update(devices)
      .set({ status: 'retired', retiredAt: now, updatedAt: now })
      .where(eq(devices.id, id))
      .returning();
    await writeAudit(tx, CLIENT_ACTOR, {
      action: 'device.retire',
      entity: 'device',
      entityId: id,
      before: { status: row.status },
      after: { status: 'retired' },
    });
    return toDevice(updated!, [...((await proofsOf(tx, [id])).get(id) ?? [])], false);
  });
}

/**
 * « Garder couvert » after a plan change to fewer devices: this device joins the covered ones and the last of them
 * (the most recently added, unless chosen since) becomes « hors formule ». The client's row is locked as in addDevice.
 */
export async function coverDevice(db: Db, clientId: number, id: number, now = new Date()): Promise<Device> {
  return db.transaction(async (tx) => {
    await holdOwnAccount(tx, clientId, 'update');
    const row = await ownDevice(tx, clientId, id);
    if (!isDeviceInUse(row)) {
      throw new HttpError(
        'DEVICE_NOT_IN_USE',
        'Cet appareil est retiré ou refusé : déclarez-le à nouveau dans « Mes appareils » pour qu’il soit couvert.',
      );
    }
    const subscription = await currentSubscription(tx, clientId, now);
    const proofs = [...((await proofsOf(tx, [id])).get(id) ?? [])];
    if ((await coverageOf(tx, clientId, subscription)).has(id)) return toDevice(row, proofs, true);
    const [updated] = await tx
      .update(devices)
      .set({ coverChosenAt: now, updatedAt: now })
      .where(eq(devices.id, id))
      .returning();
    await writeAudit(tx, CLIENT_ACTOR, {
      action: 'device.cover',
      entity: 'device',
      entityId: id,
      after: { covered: true },
    });
    return toDevice(updated!, proofs, true);
  });
}

/** At erasure: every proof of the client goes at once; the devices keep their type, lose their description. */
export async function eraseDevicesOf(tx: Tx, clientId: number) {
  const own = tx.select({ id: devices.id }).from(devices).where(eq(devices.clientId, clientId));
  await tx.delete(deviceProofs).where(inArray(deviceProofs.deviceId, own));
  await tx
    .update(devices)
    .set({ deviceInfo: '', proofMessage: null, refusalReason: null })
    .where(eq(devices.clientId, clientId));
}
