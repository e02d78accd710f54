import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '#server/db/client.ts';
import { clients, interventions } from '#server/db/schema.ts';
import { HttpError, notFound } from '#server/http-error.ts';
import { currentSubscription } from '#server/services/subscriptions/subscriptions.ts';
import { getPlan, responseDueAt } from '#shared/plans.ts';
import type { MailQueue } from '#server/services/mail/outbox.ts';
import { CLIENT_UNAUTHORIZED } from '#shared/clients/client-api.ts';
import {
  dashboardInterventionInputSchema,
  type ClientIntervention,
  type UserIntervention,
} from '#shared/interventions/intervention-api.ts';
import type {
  clientInterventionInputSchema,
  staffInterventionInputSchema,
} from '#shared/interventions/intervention-input.ts';
import { storedRemoteSession } from '#shared/interventions/remote-session.ts';
import type { InterventionRating } from '#shared/interventions/rating-api.ts';
import { deviceForIntervention } from '#server/services/devices/coverage.ts';
import { CLIENT_DEVICE_OF } from '#shared/devices/device-labels.ts';
import { publishLive } from '#server/services/live/events.ts';
import { assertToolOffered } from './remote-tool-settings.ts';
import { writeAudit, type Actor } from '#server/services/security/audit.ts';
import { accountNotErased } from '#server/services/clients/account-lock.ts';

export const DEFAULT_TITLE = "Demande d'assistance";
export const DEFAULT_DESCRIPTION = "Demande d'assistance envoyée depuis le tableau de bord";
export const NO_SUBSCRIPTION = 'Aucun abonnement actif : choisissez une formule pour demander une assistance.';
export const MONTHLY_LIMIT_REACHED =
  "Vous avez atteint le nombre d'interventions inclus dans votre formule ce mois-ci. Contactez-nous pour en ajouter.";

/** The dashboard's assistance button: both fields optional (the shared schema); empty ones take the original's texts. */
export const dashboardInterventionInput = dashboardInterventionInputSchema.transform(
  ({ title, description, remoteTool, remoteId, deviceId }) => ({
    title: title || DEFAULT_TITLE,
    description: description || DEFAULT_DESCRIPTION,
    ...storedRemoteSession(remoteTool, remoteId),
    deviceId,
  }),
);

type Row = typeof interventions.$inferSelect;
/** Who handles a request and who opened it, by first name (services/interventions/assignment.ts). */
type StaffNames = { handledBy?: string | null; openedBy?: string | null };
/** What the client's two views of a request read of it (never its staff notes). */
export type ListedIntervention = Pick<
  Row,
  | 'id'
  | 'title'
  | 'description'
  | 'urgency'
  | 'deviceType'
  | 'deviceInfo'
  | 'status'
  | 'createdAt'
  | 'durationMinutes'
  | 'dueAt'
  | 'firstResponseAt'
> & { rating?: InterventionRating | null; unreadReply?: boolean } & StaffNames;

export function toClientIntervention(i: ListedIntervention): ClientIntervention {
  return {
    id: i.id,
    description: i.description,
    urgency: i.urgency,
    deviceType: i.deviceType,
    deviceInfo: i.deviceInfo,
    status: i.status,
    createdAt: i.createdAt.toISOString(),
    ...clock(i),
    rating: i.rating ?? null,
    ...staffNames(i),
    unreadReply: i.unreadReply ?? false,
  };
}

/** Who handles it and who opened it, by the first names clients read (null: nobody yet; the client themself). */
const staffNames = (i: StaffNames) => ({ handledBy: i.handledBy ?? null, openedBy: i.openedBy ?? null });

/** The response clock as both client views show it: when the first response is due, and when it came. */
function clock(i: Pick<Row, 'dueAt' | 'firstResponseAt'>) {
  return { dueAt: i.dueAt?.toISOString() ?? null, firstResponseAt: i.firstResponseAt?.toISOString() ?? null };
}

export function toUserIntervention(i: ListedIntervention): UserIntervention {
  return {
    id: i.id,
    title: i.title,
    description: i.description,
    status: i.status,
    createdAt: i.createdAt.toISOString(),
    duration: i.durationMinutes,
    ...clock(i),
    rating: i.rating ?? null,
    ...staffNames(i),
    unreadReply: i.unreadReply ?? false,
  };
}

export type NewIntervention =
  | ({ source: 'client' } & z.output<typeof clientInterventionInputSchema>)
  | ({ source: 'dashboard'; deviceId?: number } & Pick<
      z.output<typeof dashboardInterventionInput>,
      'title' | 'description'
    > &
      Partial<ReturnType<typeof storedRemoteSession>>)
  | ({ source: 'staff'; actor: Actor } & Omit<z.output<typeof staffInterventionInputSchema>, 'clientId'>);

/** What staff read when they open a request for a client (POST /api/admin/interventions) and it cannot be. */
const STAFF_REFUSALS = {
  client: 'Client introuvable : rechargez la fiche du client.',
  subscription: 'Ce client n’a pas d’abonnement en cours : enregistrez d’abord sa commande, puis ouvrez la demande.',
  monthly:
    'Ce client a déjà utilisé toutes les interventions de sa formule ce mois-ci : proposez-lui une formule qui en compte plus.',
};

type Opener = Actor | null;

/**
 * The client (locked) and the subscription that lets them ask for help today, its monthly allowance not used up; or
 * the refusal the client (or staff opening it for them) reads.
 */
async function allowance(tx: Tx, clientId: number, staff: Opener, now: Date) {
  const [client] = await tx
    .select({ id: clients.id, name: clients.name, email: clients.email })
    .from(clients)
    .where(and(eq(clients.id, clientId), accountNotErased))
    .for('update');
  if (!client) throw staff ? notFound(STAFF_REFUSALS.client) : new HttpError('UNAUTHENTICATED', CLIENT_UNAUTHORIZED);
  const subscription = await currentSubscription(tx, clientId, now);
  // 409 for staff: a 403 in the back-office reads as « not your role ».
  if (!subscription)
    throw staff
      ? new HttpError('CLIENT_WITHOUT_SUBSCRIPTION', STAFF_REFUSALS.subscription)
      : new HttpError('NO_SUBSCRIPTION', NO_SUBSCRIPTION);
  const limit = subscription.interventionsPerMonth;
  if (limit !== null && subscription.interventionsUsed >= limit) {
    throw new HttpError('MONTHLY_LIMIT', staff ? STAFF_REFUSALS.monthly : MONTHLY_LIMIT_REACHED);
  }
  return { client, subscription };
}

/** The row as each way of asking writes it: the dashboard's fixed title and remote session, the client area's device. */
function rowOf(input: NewIntervention, common: typeof interventions.$inferInsert) {
  if (input.source === 'dashboard')
    return {
      ...common,
      title: input.title,
      remoteTool: input.remoteTool ?? null,
      remoteId: input.remoteId ?? null,
    };
  if (input.source === 'client') return { deviceType: input.deviceType, deviceInfo: input.deviceInfo ?? '', ...common };
  return { ...common, openedByStaffId: input.actor.id };
}

/** Every open back-office page lists it, the client's page too when staff opened it; staff are e-mailed otherwise. */
async function announce(
  tx: Tx,
  row: Row,
  client: { name: string; email: string },
  staff: Opener,
  extra: { deviceStatus?: string; mail?: MailQueue },
) {
  const ids = { interventionId: row.id, clientId: row.clientId };
  if (staff) {
    await writeAudit(tx, staff, {
      action: 'intervention.create',
      entity: 'intervention',
      entityId: row.id,
      after: {
        clientId: row.clientId,
        deviceId: row.deviceId,
        urgency: row.urgency,
        deviceStatus: extra.deviceStatus,
        onBehalfOfClient: true,
      },
    });
    await publishLive(tx, 'intervention.created', ids, {
      staff: `Nouvelle demande #${row.id} de ${client.name}, ouverte par ${staff.username}`,
      client: `Notre équipe a ouvert pour vous la demande #${row.id}`,
      actorStaffId: staff.id,
    });
    return;
  }
  await publishLive(tx, 'intervention.created', ids, { staff: `Nouvelle demande #${row.id} de ${client.name}` });
  await extra.mail?.queueForStaff(
    tx,
    `staff-intervention:${row.id}`,
    'staff_new_intervention',
    {
      ...ids,
      clientName: client.name,
      clientEmail: client.email,
      title: row.title,
      description: row.description,
      urgency: row.urgency,
      deviceType: row.deviceType,
      deviceInfo: row.deviceInfo,
    },
    row.clientId,
  );
}

/**
 * Creates an intervention for the client, if a subscription runs today and its monthly allowance is not used up.
 * The client's row is locked for the check and the insert, so two simultaneous ones cannot both take the last place.
 * With `mail`, staff are told (STAFF_EMAIL) in the same transaction.
 */
export async function createClientIntervention(
  db: Db,
  clientId: number,
  input: NewIntervention,
  now = new Date(),
  mail?: MailQueue,
): Promise<Row> {
  return db.transaction(async (tx) => {
    const staff = input.source === 'staff' ? input.actor : null;
    const { client, subscription } = await allowance(tx, clientId, staff, now);
    if (input.source === 'dashboard') await assertToolOffered(tx, input.remoteTool);
    // Stamped with the same clock the allowance was counted with; the plan running now sets the promise.
    // An intervention names one of the client's devices: refused while its proof is awaited, after a refusal, or
    // when the plan leaves it « hors formule », unless staff open it themselves (decision 022).
    const device =
      input.deviceId === undefined
        ? null
        : await deviceForIntervention(tx, clientId, input.deviceId, { subscription, staff: !!staff });
    const fromDevice = device
      ? { deviceId: device.id, deviceType: CLIENT_DEVICE_OF[device.deviceType], deviceInfo: device.deviceInfo }
      : {};
    const urgency = input.source === 'dashboard' ? ('medium' as const) : input.urgency;
    const common = {
      clientId,
      createdAt: now,
      plan: subscription.planId,
      dueAt: responseDueAt(getPlan(subscription.planId), urgency, now),
      title: DEFAULT_TITLE,
      description: input.description,
      urgency,
      ...fromDevice,
    };
    const [row] = await tx.insert(interventions).values(rowOf(input, common)).returning();
    await announce(tx, row!, client, staff, { deviceStatus: device?.status, mail });
    return row!;
  });
}
