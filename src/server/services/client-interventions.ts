import { and, count, desc, eq, gte, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '../db/client';
import { clients, interventions } from '../db/schema';
import { HttpError } from '../http-error';
import { listSubscriptions } from './subscriptions';
import { todayIso } from '../../shared/format';
import { getPlan, type PlanId } from '../../shared/plans';
import type { ClientDeviceType, InterventionStatus, Urgency } from '../../shared/labels';
import type { clientInterventionSchema } from '../../shared/schemas/intervention';

export const DEFAULT_TITLE = 'Demande d\'assistance';
export const DEFAULT_DESCRIPTION = 'Demande d\'assistance envoyée depuis le tableau de bord';
export const NO_SUBSCRIPTION = 'Aucun abonnement actif : choisissez une formule pour demander une assistance.';
export const MONTHLY_LIMIT_REACHED =
  'Vous avez atteint le nombre d\'interventions inclus dans votre formule ce mois-ci. Contactez-nous pour en ajouter.';

/** GET/POST /api/client/interventions (SPEC §3 « Client intervention »). */
export type ClientInterventionDto = {
  id: number;
  description: string;
  urgency: Urgency;
  deviceType: ClientDeviceType | null;
  deviceInfo: string;
  status: InterventionStatus;
  createdAt: string;
};

/** GET/POST /api/interventions (SPEC §3 « Intervention (user) »): duration is the minutes staff recorded, or null. */
export type UserInterventionDto = {
  id: number;
  title: string;
  description: string;
  status: InterventionStatus;
  createdAt: string;
  duration: number | null;
};

/** GET /api/subscriptions/current: the subscription running today, or null. */
export type CurrentSubscriptionDto = {
  /** the plan's display name */
  plan: string;
  planId: PlanId;
  price: number;
  durationMonths: number;
  startDate: string;
  endDate: string;
  /** requests created this calendar month (Europe/Paris), cancelled ones excepted */
  interventionsUsed: number;
  /** null = unlimited */
  interventionsPerMonth: number | null;
  maxDevices: number;
};

/** The dashboard's assistance button: both fields optional, empty ones take the fixed texts of the original. */
export const dashboardInterventionSchema = z.object({
  title: z.string({ error: 'Titre invalide' }).trim().max(120, 'Le titre ne peut pas dépasser 120 caractères').optional(),
  description: z.string({ error: 'Description invalide' }).trim()
    .max(2000, 'La description ne peut pas dépasser 2000 caractères').optional(),
}).transform(({ title, description }) => ({
  title: title || DEFAULT_TITLE,
  description: description || DEFAULT_DESCRIPTION,
}));

type Row = typeof interventions.$inferSelect;

export function toClientDto(i: Row): ClientInterventionDto {
  return {
    id: i.id, description: i.description, urgency: i.urgency, deviceType: i.deviceType, deviceInfo: i.deviceInfo,
    status: i.status, createdAt: i.createdAt.toISOString(),
  };
}

export function toUserDto(i: Row): UserInterventionDto {
  return {
    id: i.id, title: i.title, description: i.description, status: i.status, createdAt: i.createdAt.toISOString(),
    duration: i.durationMinutes,
  };
}

/**
 * The instant the current calendar month began in Paris. DST never changes on the 1st at midnight, so the offset
 * read at 00:00 UTC of that day is the one in force at local midnight.
 */
export function parisMonthStart(now = new Date()): Date {
  const [year, month] = todayIso(now).split('-').map(Number) as [number, number];
  const utcMidnight = Date.UTC(year, month - 1, 1);
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Paris', hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit',
  }).formatToParts(new Date(utcMidnight));
  const part = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  const parisWallClock = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'));
  return new Date(utcMidnight - (parisWallClock - utcMidnight));
}

/** Requests the client created this calendar month; one cancelled by staff (a duplicate, a mistake) gives its place back. */
export async function interventionsUsedThisMonth(db: Tx, clientId: number, now = new Date()): Promise<number> {
  const [row] = await db.select({ n: count() }).from(interventions).where(and(
    eq(interventions.clientId, clientId),
    gte(interventions.createdAt, parisMonthStart(now)),
    ne(interventions.status, 'cancelled'),
  ));
  return Number(row?.n ?? 0);
}

/** The subscription running today, from the one derivation of services/subscriptions.ts (most recent paid order first). */
export async function currentSubscription(db: Tx, clientId: number, now = new Date()): Promise<CurrentSubscriptionDto | null> {
  const { items: [subscription] } = await listSubscriptions(db, { clientId, active: true, today: todayIso(now), limit: 1, offset: 0 });
  if (!subscription) return null;
  const plan = getPlan(subscription.plan);
  return {
    plan: plan.name,
    planId: plan.id,
    price: plan.price,
    durationMonths: plan.durationMonths,
    startDate: subscription.startDate,
    endDate: subscription.endDate,
    interventionsUsed: await interventionsUsedThisMonth(db, clientId, now),
    interventionsPerMonth: plan.interventionsPerMonth,
    maxDevices: plan.maxDevices,
  };
}

export type ListFilter = { limit: number; offset: number; q?: string };

export async function listClientInterventions(db: Tx, clientId: number, filter: ListFilter): Promise<{ items: Row[]; total: number }> {
  const where = and(
    eq(interventions.clientId, clientId),
    filter.q ? sql`position(${filter.q.toLowerCase()} in lower(${interventions.title} || ' ' || ${interventions.description})) > 0` : undefined,
  );
  const [items, [total]] = await Promise.all([
    db.select().from(interventions).where(where)
      .orderBy(desc(interventions.createdAt), desc(interventions.id)).limit(filter.limit).offset(filter.offset),
    db.select({ n: count() }).from(interventions).where(where),
  ]);
  return { items, total: Number(total?.n ?? 0) };
}

export type NewIntervention =
  | ({ source: 'client' } & z.output<typeof clientInterventionSchema>)
  | ({ source: 'dashboard' } & z.output<typeof dashboardInterventionSchema>);

/**
 * Creates a request for the client, if a subscription runs today and its monthly allowance is not used up.
 * The client's row is locked for the check and the insert, so two simultaneous requests cannot both take the last place.
 */
export async function createClientIntervention(db: Db, clientId: number, input: NewIntervention, now = new Date()): Promise<Row> {
  return db.transaction(async (tx) => {
    const [client] = await tx.select({ id: clients.id }).from(clients).where(eq(clients.id, clientId)).for('update');
    if (!client) throw new HttpError(401, 'Unauthorized', 'UNAUTHENTICATED');
    const subscription = await currentSubscription(tx, clientId, now);
    if (!subscription) throw new HttpError(403, NO_SUBSCRIPTION, 'NO_SUBSCRIPTION');
    const limit = subscription.interventionsPerMonth;
    if (limit !== null && subscription.interventionsUsed >= limit) {
      throw new HttpError(409, MONTHLY_LIMIT_REACHED, 'MONTHLY_LIMIT');
    }
    const values = input.source === 'client'
      ? { clientId, title: DEFAULT_TITLE, description: input.description, urgency: input.urgency, deviceType: input.deviceType, deviceInfo: input.deviceInfo }
      : { clientId, title: input.title, description: input.description, urgency: 'medium' as const };
    const [row] = await tx.insert(interventions).values(values).returning();
    return row!;
  });
}
