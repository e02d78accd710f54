import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '#server/db/client.ts';
import { appSettings, clients, deviceProofs, devices } from '#server/db/schema.ts';
import { HttpError, notFound } from '#server/http-error.ts';
import type { AdminDevice, AdminDeviceQuery, Device, DeviceInput, DeviceSettings } from '#shared/device-api.ts';
import { DEVICE_BLOCKED_MESSAGE } from '#shared/device-api.ts';
import {
  DEVICE_IN_USE_STATUSES,
  isDeviceInUse,
  REGISTRATION_DEVICE_LABELS,
  REGISTRATION_DEVICE_TYPES,
  type RegistrationDeviceType,
} from '#shared/labels.ts';
import { currentSubscription, currentSubscriptions } from '#server/services/subscriptions/subscriptions.ts';
import { CLIENT_ACTOR } from '#server/services/security/audit.ts';
import type { CurrentSubscription } from '#shared/client-api.ts';
import type { AdminInterventionDto } from '#shared/admin-api.ts';
import { writeAudit, type Actor } from '#server/services/security/audit.ts';
import type { MailQueue } from '#server/services/mail/outbox.ts';
import { publishProofLive } from '#server/services/live/staff-notices.ts';

const DEVICE_NOT_FOUND = 'Appareil introuvable';
type DeviceRow = typeof devices.$inferSelect;
type InterventionDeviceState = NonNullable<AdminInterventionDto['deviceState']>;
type ProofMeta = { id: number; deviceId: number; name: string; size: number; mimeType: string; uploadedAt: Date };

/** Staff asked a proof that is not verified yet, or refused the device: assistance on it waits (DESIGN.md 11). */
const isBlocked = (d: Pick<DeviceRow, 'status' | 'proofRequested'>) =>
  d.status === 'refused' || (d.status === 'pending' && d.proofRequested);

/** « MacBook (Air/Pro) – MacBook Air 2020 », as mails and lists name a device. */
const deviceLabel = (d: Pick<DeviceRow, 'deviceType' | 'deviceInfo'>) =>
  `${REGISTRATION_DEVICE_LABELS[d.deviceType]} – ${d.deviceInfo}`;

function toDevice(d: DeviceRow, proofs: ProofMeta[], covered: boolean): Device {
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
async function proofsOf(db: Tx, ids: number[]): Promise<Map<number, ProofMeta[]>> {
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

/**
 * The devices in use the running plan covers (computed, never stored). After a plan change to fewer devices, those
 * beyond maxDevices are « hors formule »: the devices the client chose to keep covered come first (the latest choice
 * first), then the oldest ones, so the most recently added are left out. Without a running plan nothing is left out:
 * assistance is refused for that reason already.
 */
function coveredIds(rows: DeviceRow[], subscription: CurrentSubscription | null): Set<number> {
  const used = rows.filter(isDeviceInUse);
  if (!subscription) return new Set(used.map((d) => d.id));
  const time = (d?: Date | null) => d?.getTime() ?? 0;
  const ranked = [...used].sort(
    (a, b) =>
      time(b.coverChosenAt) - time(a.coverChosenAt) || a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id,
  );
  return new Set(ranked.slice(0, subscription.maxDevices).map((d) => d.id));
}

async function coverageOf(tx: Tx, clientId: number, subscription: CurrentSubscription | null) {
  return coveredIds(await tx.select().from(devices).where(eq(devices.clientId, clientId)), subscription);
}

/** coveredIds for several clients at once (the back-office's lists): their devices and running plans in two queries. */
async function coverageOfClients(db: Tx, clientIds: number[], now: Date): Promise<Set<number>> {
  const ids = [...new Set(clientIds)];
  if (!ids.length) return new Set();
  const [rows, subscriptions] = await Promise.all([
    db.select().from(devices).where(inArray(devices.clientId, ids)),
    currentSubscriptions(db, ids, now),
  ]);
  const byClient = new Map<number, DeviceRow[]>();
  for (const d of rows) byClient.set(d.clientId, [...(byClient.get(d.clientId) ?? []), d]);
  return new Set(
    ids.flatMap((clientId) => [...coveredIds(byClient.get(clientId) ?? [], subscriptions.get(clientId) ?? null)]),
  );
}

/**
 * The devices requests name, as they stand now (the back-office's intervention cards): status, covered by the running
 * plan or « hors formule », help blocked by the proof.
 */
export async function deviceStates(
  db: Tx,
  deviceIds: number[],
  now = new Date(),
): Promise<Map<number, InterventionDeviceState>> {
  if (!deviceIds.length) return new Map();
  const rows = await db
    .select({
      id: devices.id,
      clientId: devices.clientId,
      status: devices.status,
      proofRequested: devices.proofRequested,
    })
    .from(devices)
    .where(inArray(devices.id, [...new Set(deviceIds)]));
  const covered = await coverageOfClients(
    db,
    rows.map((d) => d.clientId),
    now,
  );
  return new Map(rows.map((d) => [d.id, { status: d.status, covered: covered.has(d.id), blocked: isBlocked(d) }]));
}

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
async function roomForOneMore(tx: Tx, clientId: number, now: Date) {
  const subscription = await currentSubscription(tx, clientId, now);
  const max = subscription?.maxDevices ?? 1;
  const [used] = await tx.select({ n: count() }).from(devices).where(inUseOf(clientId));
  if (Number(used?.n ?? 0) >= max)
    throw new HttpError(409, deviceLimitMessage(max, subscription?.plan ?? null), 'DEVICE_LIMIT');
}

const PROOF_REQUIRED_KEY = 'deviceProofRequired';
const DEFAULT_PROOF_MESSAGE =
  'Envoyez une photo ou un PDF de la facture d’achat de cet appareil (ou tout document prouvant qu’il est à vous).';

/** The admin setting « justificatif obligatoire pour tout nouvel appareil ». */
async function proofRequiredForNewDevices(db: Tx): Promise<boolean> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, PROOF_REQUIRED_KEY));
  return row?.value === true;
}

export async function deviceSettings(db: Tx): Promise<DeviceSettings> {
  return { proofRequired: await proofRequiredForNewDevices(db) };
}

export async function updateDeviceSettings(
  db: Db,
  { proofRequired: required }: DeviceSettings,
  actor: Actor,
): Promise<DeviceSettings> {
  return db.transaction(async (tx) => {
    const before = await proofRequiredForNewDevices(tx);
    if (before === required) return { proofRequired: required };
    await tx
      .insert(appSettings)
      .values({ key: PROOF_REQUIRED_KEY, value: required })
      .onConflictDoUpdate({ target: appSettings.key, set: { value: required, updatedAt: new Date() } });
    await writeAudit(tx, actor, {
      action: 'settings.device_proof',
      entity: 'settings',
      entityId: PROOF_REQUIRED_KEY,
      before: { required: before },
      after: { required },
    });
    return { proofRequired: required };
  });
}

/**
 * A device the client adds from « Mes appareils »: refused (409) when the running plan's maxDevices are all in use.
 * The client's row is locked for the count and the insert, so two tabs cannot both take the last place.
 */
export async function addDevice(db: Db, clientId: number, input: DeviceInput, now = new Date()): Promise<Device> {
  return db.transaction(async (tx) => {
    const [client] = await tx.select({ id: clients.id }).from(clients).where(eq(clients.id, clientId)).for('update');
    if (!client) throw notFound();
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
async function ownDevice(tx: Tx, clientId: number, id: number): Promise<DeviceRow> {
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
    if (row.status === 'retired') throw new HttpError(409, 'Cet appareil est déjà retiré.', 'ALREADY_DONE');
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
    await tx.select({ id: clients.id }).from(clients).where(eq(clients.id, clientId)).for('update');
    const row = await ownDevice(tx, clientId, id);
    if (!isDeviceInUse(row)) {
      throw new HttpError(
        409,
        'Cet appareil est retiré ou refusé : déclarez-le à nouveau dans « Mes appareils » pour qu’il soit couvert.',
        'DEVICE_NOT_IN_USE',
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

export type ProofFile = { name: string; mimeType: string; data: Buffer };

/**
 * A proof the client sends; staff are told (STAFF_EMAIL). A device waiting for its verification takes one; so does a
 * refused device, which goes back to « À vérifier » (its place in the plan permitting: the client's row is locked as
 * in addDevice) with its proof awaited; the refusal stays in the audit log, and its reason on the device until the
 * next decision.
 */
export async function addProof(
  db: Db,
  mail: MailQueue,
  clientId: number,
  id: number,
  file: ProofFile,
  now = new Date(),
): Promise<Device> {
  return db.transaction(async (tx) => {
    await tx.select({ id: clients.id }).from(clients).where(eq(clients.id, clientId)).for('update');
    const row = await ownDevice(tx, clientId, id);
    if (row.status !== 'pending' && row.status !== 'refused') {
      throw new HttpError(
        409,
        row.status === 'verified'
          ? 'Cet appareil est déjà vérifié : aucun justificatif n’est attendu.'
          : 'Cet appareil est retiré : déclarez-le à nouveau depuis « Mes appareils » pour envoyer un justificatif.',
        'DEVICE_DECIDED',
      );
    }
    const reopened = row.status === 'refused';
    if (reopened) await roomForOneMore(tx, clientId, now);
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
    const [client] = await tx
      .select({ name: clients.name, email: clients.email })
      .from(clients)
      .where(eq(clients.id, clientId));
    await mail.queueForStaff(tx, `staff-device-proof:${proof!.id}`, 'staff_device_proof', {
      deviceId: id,
      clientId,
      clientName: client!.name,
      clientEmail: client!.email,
      device: deviceLabel(row),
      fileName: file.name,
    });
    await publishProofLive(tx, { deviceId: id, clientId, clientName: client!.name });
    const covered = (await coverageOf(tx, clientId, await currentSubscription(tx, clientId, now))).has(id);
    return toDevice(updated!, [...((await proofsOf(tx, [id])).get(id) ?? [])], covered);
  });
}

// ---- the back-office ---------------------------------------------------------------------------------------------

const hasProof = sql`exists (select 1 from ${deviceProofs} where ${deviceProofs.deviceId} = ${devices.id})`;

/**
 * The devices staff look at: by status, by client, or « to-check » (a proof arrived and no decision yet); each says
 * whether the running plan covers it, as the client reads it.
 */
export async function listAdminDevices(
  db: Tx,
  filter: AdminDeviceQuery & { id?: number },
  now = new Date(),
): Promise<AdminDevice[]> {
  const conditions: (SQL | undefined)[] = [
    filter.clientId ? eq(devices.clientId, Number(filter.clientId)) : undefined,
    filter.id ? eq(devices.id, filter.id) : undefined,
    filter.email ? sql`lower(${clients.email}) = ${filter.email.toLowerCase()}` : undefined,
  ];
  if (filter.status === 'to-check') conditions.push(eq(devices.status, 'pending'), hasProof);
  else if (filter.status) conditions.push(eq(devices.status, filter.status));
  const rows = await db
    .select({ device: devices, clientName: clients.name, clientEmail: clients.email })
    .from(devices)
    .innerJoin(clients, eq(clients.id, devices.clientId))
    .where(and(...conditions))
    .orderBy(desc(devices.updatedAt), desc(devices.id))
    .limit(500);
  const [proofs, covered] = await Promise.all([
    proofsOf(
      db,
      rows.map((r) => r.device.id),
    ),
    coverageOfClients(
      db,
      rows.map((r) => r.device.clientId),
      now,
    ),
  ]);
  return rows.map(({ device, clientName, clientEmail }) => {
    const own = proofs.get(device.id) ?? [];
    return {
      ...toDevice(device, own, covered.has(device.id)),
      clientId: device.clientId,
      clientName,
      clientEmail,
      decidedBy: device.decidedBy,
      proofs: own.map((p) => ({
        id: p.id,
        name: p.name,
        size: p.size,
        mimeType: p.mimeType,
        uploadedAt: p.uploadedAt.toISOString(),
      })),
    };
  });
}

async function staffDevice(tx: Tx, id: number) {
  const [row] = await tx
    .select({ device: devices, name: clients.name, email: clients.email })
    .from(devices)
    .innerJoin(clients, eq(clients.id, devices.clientId))
    .where(eq(devices.id, id))
    .for('update', { of: devices });
  if (!row) throw notFound(DEVICE_NOT_FOUND);
  return row;
}

async function oneAdminDevice(tx: Tx, id: number, now: Date): Promise<AdminDevice> {
  const [row] = await listAdminDevices(tx, { id }, now);
  return row!;
}

/** Staff ask a proof (the client is e-mailed what to send): assistance on the device waits until it is verified. */
export async function requestProof(
  db: Db,
  mail: MailQueue,
  id: number,
  message: string,
  actor: Actor,
  now = new Date(),
): Promise<AdminDevice> {
  return db.transaction(async (tx) => {
    const { device, name, email } = await staffDevice(tx, id);
    if (device.status === 'retired' || device.status === 'refused') {
      throw new HttpError(
        409,
        'Cet appareil n’est plus couvert : aucun justificatif ne peut être demandé.',
        'DEVICE_DECIDED',
      );
    }
    await tx
      .update(devices)
      .set({
        status: 'pending',
        proofRequested: true,
        proofMessage: message,
        decidedAt: null,
        decidedBy: null,
        updatedAt: now,
      })
      .where(eq(devices.id, id));
    await writeAudit(tx, actor, {
      action: 'device.request_proof',
      entity: 'device',
      entityId: id,
      before: { status: device.status },
      after: { status: 'pending', message },
    });
    await mail.queue(tx, {
      key: `device-proof-requested:${id}:${now.getTime()}`,
      kind: 'device_proof_requested',
      to: email,
      clientId: device.clientId,
      params: { name, deviceId: id, device: deviceLabel(device), message },
    });
    return oneAdminDevice(tx, id, now);
  });
}

/** « Vérifier » or « Refuser » a device waiting for its verification; the client is told; proofs go 30 days later. */
export async function decideDevice(
  db: Db,
  mail: MailQueue,
  id: number,
  decision: { verdict: 'verified' } | { verdict: 'refused'; reason: string },
  actor: Actor,
  now = new Date(),
): Promise<AdminDevice> {
  return db.transaction(async (tx) => {
    const { device, name, email } = await staffDevice(tx, id);
    if (device.status !== 'pending')
      throw new HttpError(409, 'Cet appareil a déjà été traité : rechargez la liste.', 'DEVICE_DECIDED');
    const reason = decision.verdict === 'refused' ? decision.reason : null;
    await tx
      .update(devices)
      .set({
        status: decision.verdict,
        refusalReason: reason,
        decidedAt: now,
        decidedBy: actor.username,
        updatedAt: now,
      })
      .where(eq(devices.id, id));
    await writeAudit(tx, actor, {
      action: decision.verdict === 'verified' ? 'device.verify' : 'device.refuse',
      entity: 'device',
      entityId: id,
      before: { status: device.status },
      after: { status: decision.verdict, ...(reason ? { reason } : {}) },
    });
    const params = { name, deviceId: id, device: deviceLabel(device) };
    await mail.queue(
      tx,
      decision.verdict === 'verified'
        ? {
            key: `device-decided:${id}:${now.getTime()}`,
            kind: 'device_verified',
            to: email,
            clientId: device.clientId,
            params,
          }
        : {
            key: `device-decided:${id}:${now.getTime()}`,
            kind: 'device_refused',
            to: email,
            clientId: device.clientId,
            params: { ...params, reason: reason! },
          },
    );
    return oneAdminDevice(tx, id, now);
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

// ---- assistance keyed to devices -------------------------------------------------------------------------------

const BLOCKED_NEXT = {
  pending: ' Envoyez une photo ou un PDF de sa facture depuis « Mes appareils » : nous le vérifions au plus vite.',
  refused:
    ' Cet appareil a été refusé : envoyez un nouveau justificatif depuis « Mes appareils » (nous le vérifions à nouveau), ou répondez à notre e-mail.',
};

const notCoveredMessage = (subscription: CurrentSubscription) =>
  `Cet appareil est hors formule : votre formule ${subscription.plan} couvre ${subscription.maxDevices} appareil${subscription.maxDevices > 1 ? 's' : ''}. ` +
  'Dans « Mes appareils », choisissez de garder cet appareil couvert, ou retirez-en un que vous n’utilisez plus.';

/**
 * The device a request is about: one of the client's devices in use; refused (409) while its proof is awaited or
 * after a refusal, unless staff open the request themselves (`staff`); refused too when the running plan
 * (`subscription`, when given) leaves it « hors formule ».
 */
export async function deviceForRequest(
  tx: Tx,
  clientId: number,
  deviceId: number,
  options: { staff?: boolean; subscription?: CurrentSubscription } = {},
): Promise<DeviceRow> {
  const [row] = await tx
    .select()
    .from(devices)
    .where(and(eq(devices.id, deviceId), eq(devices.clientId, clientId)));
  if (!row) {
    const message = options.staff
      ? 'Cet appareil n’est pas à ce client : choisissez un de ses appareils.'
      : 'Cet appareil n’est pas dans votre espace : choisissez un de vos appareils.';
    throw new HttpError(404, message, 'NOT_FOUND', { deviceId: ['Appareil introuvable'] });
  }
  if (isBlocked(row) && !options.staff) {
    const message = DEVICE_BLOCKED_MESSAGE + BLOCKED_NEXT[row.status === 'refused' ? 'refused' : 'pending'];
    throw new HttpError(409, message, 'DEVICE_BLOCKED', { deviceId: [message] });
  }
  if (row.status === 'retired' || (row.status === 'refused' && !options.staff)) {
    const message = options.staff
      ? 'Cet appareil est retiré : choisissez un appareil en service, ou demandez au client de le déclarer à nouveau.'
      : 'Cet appareil est retiré : choisissez un appareil en service ou déclarez-le à nouveau dans « Mes appareils ».';
    throw new HttpError(409, message, 'DEVICE_NOT_IN_USE', { deviceId: ['Appareil retiré'] });
  }
  const { subscription } = options;
  if (subscription && !options.staff && !(await coverageOf(tx, clientId, subscription)).has(row.id)) {
    const message = notCoveredMessage(subscription);
    throw new HttpError(409, message, 'DEVICE_NOT_COVERED', { deviceId: [message] });
  }
  return row;
}

// ---- retention -------------------------------------------------------------------------------------------------

const PROOF_KEEP_DAYS = 30;

/**
 * Proofs are personal data: deleted 30 days after the device was verified, refused or retired; the decision (who,
 * when) stays on the device and in the audit log. Safe to run twice.
 */
export async function purgeDeviceProofs(db: Db, now: Date): Promise<number> {
  const limit = new Date(now.getTime() - PROOF_KEEP_DAYS * 86_400_000);
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

/** At erasure: every proof of the client goes at once; the devices keep their type, lose their description. */
export async function eraseDevicesOf(tx: Tx, clientId: number) {
  const own = tx.select({ id: devices.id }).from(devices).where(eq(devices.clientId, clientId));
  await tx.delete(deviceProofs).where(inArray(deviceProofs.deviceId, own));
  await tx
    .update(devices)
    .set({ deviceInfo: '', proofMessage: null, refusalReason: null })
    .where(eq(devices.clientId, clientId));
}
