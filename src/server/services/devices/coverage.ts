// Which devices the running plan covers (computed, never stored: docs/decisions/022) and whether assistance on one may go ahead.
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';
import { devices } from '#server/db/schema.ts';
import { HttpError } from '#server/http-error.ts';
import { DEVICE_BLOCKED_MESSAGE } from '#shared/devices/device-api.ts';
import { isDeviceInUse } from '#shared/devices/device-labels.ts';
import { currentSubscriptions } from '#server/services/subscriptions/subscriptions.ts';
import type { CurrentSubscription } from '#shared/subscriptions/subscription-api.ts';
import type { AdminInterventionDto } from '#shared/interventions/intervention-api.ts';
import type { DeviceRow } from './device-rows.ts';
import { isBlocked } from './device-rows.ts';

type InterventionDeviceState = NonNullable<AdminInterventionDto['deviceState']>;

/**
 * The devices in use the running plan covers (computed, never stored). After a plan change to fewer devices, those
 * beyond maxDevices are « hors formule »: the devices the client chose to keep covered come first (the latest choice
 * first), then the oldest ones, so the most recently added are left out. Without a running plan nothing is left out:
 * assistance is refused for that reason already.
 */
export function coveredIds(rows: DeviceRow[], subscription: CurrentSubscription | null): Set<number> {
  const used = rows.filter(isDeviceInUse);
  if (!subscription) return new Set(used.map((d) => d.id));
  const time = (d?: Date | null) => d?.getTime() ?? 0;
  const ranked = [...used].sort(
    (a, b) =>
      time(b.coverChosenAt) - time(a.coverChosenAt) || a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id,
  );
  return new Set(ranked.slice(0, subscription.maxDevices).map((d) => d.id));
}

export async function coverageOf(tx: Tx, clientId: number, subscription: CurrentSubscription | null) {
  return coveredIds(await tx.select().from(devices).where(eq(devices.clientId, clientId)), subscription);
}

/** coveredIds for several clients at once (the back-office's lists): their devices and running plans in two queries. */
export async function coverageOfClients(db: Tx, clientIds: number[], now: Date): Promise<Set<number>> {
  const ids = [...new Set(clientIds)];
  if (!ids.length) return new Set();
  // One after the other: `db` may be a transaction, whose one connection takes a query at a time.
  const rows = await db.select().from(devices).where(inArray(devices.clientId, ids));
  const subscriptions = await currentSubscriptions(db, ids, now);
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
export async function deviceForIntervention(
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
    throw new HttpError('NOT_FOUND', message, { deviceId: ['Appareil introuvable'] });
  }
  if (isBlocked(row) && !options.staff) {
    const message = DEVICE_BLOCKED_MESSAGE + BLOCKED_NEXT[row.status === 'refused' ? 'refused' : 'pending'];
    throw new HttpError('DEVICE_BLOCKED', message, { deviceId: [message] });
  }
  if (row.status === 'retired' || (row.status === 'refused' && !options.staff)) {
    const message = options.staff
      ? 'Cet appareil est retiré : choisissez un appareil en service, ou demandez au client de le déclarer à nouveau.'
      : 'Cet appareil est retiré : choisissez un appareil en service ou déclarez-le à nouveau dans « Mes appareils ».';
    throw new HttpError('DEVICE_NOT_IN_USE', message, { deviceId: ['Appareil retiré'] });
  }
  const { subscription } = options;
  if (subscription && !options.staff && !(await coverageOf(tx, clientId, subscription)).has(row.id)) {
    const message = notCoveredMessage(subscription);
    throw new HttpError('DEVICE_NOT_COVERED', message, { deviceId: [message] });
  }
  return row;
}
