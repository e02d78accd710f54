// The end of a request on the client's side: closing it and rating it (shared/rating-api.ts holds the rules).
import { publishLive } from '#server/services/live/events.ts';
import { holdOwnAccount } from '#server/services/clients/account-lock.ts';
import { INTERVENTION_STATUS_LABELS } from '#shared/interventions/intervention-labels.ts';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '#server/db/client.ts';
import { clients, interventionRatings, interventions } from '#server/db/schema.ts';
import { toRating } from './intervention-ratings.ts';
import { HttpError, notFound } from '#server/http-error.ts';
import type { MailQueue } from '#server/services/mail/outbox.ts';
import { INTERVENTION_NOT_FOUND } from './admin-interventions.ts';
import {
  ALREADY_CLOSED,
  RATING_NOT_YET,
  canRate,
  clientCloseOutcome,
  type InterventionRating,
  type ratingInputSchema,
} from '#shared/interventions/rating-api.ts';
import type { z } from 'zod';
import type { ClosingHook } from './assignment.ts';

/** One of the client's own requests, locked for the change; another client's id is 404, as if it did not exist. */
async function ownIntervention(tx: Tx, id: number, clientId: number) {
  await holdOwnAccount(tx, clientId);
  const [row] = await tx
    .select({ intervention: interventions, clientName: clients.name, clientEmail: clients.email })
    .from(interventions)
    .innerJoin(clients, eq(clients.id, interventions.clientId))
    .where(and(eq(interventions.id, id), eq(interventions.clientId, clientId)))
    .for('update', { of: interventions });
  if (!row) throw notFound(INTERVENTION_NOT_FOUND);
  return row;
}

/** The client closes their request (clientCloseOutcome) and staff are told by e-mail, in one transaction. */
export async function closeClientIntervention(
  db: Db,
  mail: MailQueue,
  id: number,
  clientId: number,
  closing: ClosingHook = async () => false,
  now = new Date(),
) {
  return db.transaction(async (tx) => {
    const { intervention, clientName, clientEmail } = await ownIntervention(tx, id, clientId);
    const status = clientCloseOutcome(intervention.status);
    if (!status) throw new HttpError('ALREADY_CLOSED', ALREADY_CLOSED);
    await closing(tx, id, now);
    await tx.update(interventions).set({ status, updatedAt: now }).where(eq(interventions.id, id));
    await publishLive(
      tx,
      'intervention.status',
      { interventionId: id, clientId },
      {
        staff: `Demande #${id} de ${clientName} : ${INTERVENTION_STATUS_LABELS[status].toLowerCase()} par le client`,
      },
    );
    await mail.queueForStaff(
      tx,
      `intervention:${id}:closed-by-client`,
      'staff_intervention_closed',
      {
        interventionId: id,
        clientName,
        clientEmail,
        title: intervention.title,
        status,
      },
      clientId,
    );
    return { id, status };
  });
}

/**
 * The client's rating of their completed request: one row per request; giving it again changes it (the first date is
 * kept). Staff are e-mailed each time it is given or changed.
 */
export async function rateIntervention(
  db: Db,
  mail: MailQueue,
  id: number,
  clientId: number,
  input: z.output<typeof ratingInputSchema>,
  now = new Date(),
): Promise<InterventionRating> {
  return db.transaction(async (tx) => {
    const { intervention, clientName, clientEmail } = await ownIntervention(tx, id, clientId);
    if (!canRate(intervention.status)) throw new HttpError('RATING_NOT_YET', RATING_NOT_YET);
    const [row] = await tx
      .insert(interventionRatings)
      .values({ interventionId: id, stars: input.stars, comment: input.comment, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: interventionRatings.interventionId,
        set: { stars: input.stars, comment: input.comment, updatedAt: now },
      })
      .returning();
    const rating = toRating(row!);
    await mail.queueForStaff(
      tx,
      `intervention:${id}:rating:${now.getTime()}`,
      'staff_intervention_rating',
      {
        interventionId: id,
        clientName,
        clientEmail,
        title: intervention.title,
        stars: input.stars,
        comment: input.comment,
        changed: rating.changedAt !== null,
      },
      clientId,
    );
    return rating;
  });
}
