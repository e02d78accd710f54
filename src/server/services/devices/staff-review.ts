// « Appareils » in the back-office: staff list devices, ask for a proof, verify or refuse.
import { holdAccountOf } from '#server/services/clients/account-lock.ts';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '#server/db/client.ts';
import { clients, deviceProofs, devices } from '#server/db/schema.ts';
import { HttpError, notFound } from '#server/http-error.ts';
import type { AdminDevice, AdminDeviceQuery } from '#shared/devices/device-api.ts';
import { writeAudit, type Actor } from '#server/services/security/audit.ts';
import type { MailQueue } from '#server/services/mail/outbox.ts';
import { proofsOf, toDevice, DEVICE_NOT_FOUND, deviceLabel } from './device-rows.ts';
import { coverageOfClients } from './coverage.ts';

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
  // One after the other: `db` may be a transaction (oneAdminDevice), whose one connection takes a query at a time.
  const proofs = await proofsOf(
    db,
    rows.map((r) => r.device.id),
  );
  const covered = await coverageOfClients(
    db,
    rows.map((r) => r.device.clientId),
    now,
  );
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
  await holdAccountOf(tx, devices, id);
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
        'DEVICE_DECIDED',
        'Cet appareil n’est plus couvert : aucun justificatif ne peut être demandé.',
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
      throw new HttpError('DEVICE_DECIDED', 'Cet appareil a déjà été traité : rechargez la liste.');
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
