// A credit note refunded to the card, with the provider called outside every database transaction (docs/decisions/040):
// 1. the checks, then the intent with its idempotency key, committed; 2. the provider asked, no transaction open;
// 3. the credit note written with the refund, the intent done, in one transaction. A crash between 1 and 3 (or an answer
// lost on the way) leaves the intent `asked`: resumeRefunds asks again with the same key, and the provider answers the
// refund it already made rather than making a second one.
import { and, eq, lt } from 'drizzle-orm';
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { invoices, providerIntents } from '#server/db/schema.ts';
import { HttpError } from '#server/http-error.ts';
import type { CreditNoteValues } from '#shared/billing/invoice-api.ts';
import type { Actor } from '#server/services/security/audit.ts';
import type { MailQueue } from '#server/services/mail/outbox.ts';
import { toCents } from '#shared/format.ts';
import {
  cardRefund,
  creditInTransaction,
  refuseWhileRefundAsked,
  invoiceToCredit,
  lockCreditable,
  type CardRefunds,
  type MadeRefund,
} from './credit-notes.ts';
import type { Clock, InvoiceRow } from './invoices.ts';

export type CreditDeps = { config: Config; mail?: MailQueue; clock?: Clock; refunds?: CardRefunds | null };

const REFUND_FAILED =
  'Stripe n’a pas effectué le remboursement : aucun avoir n’a été établi. Réessayez dans quelques minutes, ou vérifiez le paiement dans le tableau de bord Stripe.';
const REFUND_UNANSWERED =
  'Stripe n’a pas répondu à la demande de remboursement : elle sera vérifiée automatiquement dans le quart d’heure et l’avoir établi si Stripe l’a effectuée. Rechargez la page plus tard ; ne la refaites pas d’ici là.';
/** The provider's refund statuses that mean the money is (or will be) back on the card. */
const REFUND_UNDER_WAY = new Set(['succeeded', 'pending', 'requires_action']);
/** An intent older than this and still `asked` was cut short (a crash, a lost answer): the job takes it up. */
const RESUME_AFTER_MS = 2 * 60_000;

type RefundRequest = {
  invoiceId: number;
  invoiceNumber: string;
  paymentIntent: string;
  amount: string;
  reason: string;
  actor: Actor;
};
type Intent = { id: number; orderId: number; idempotencyKey: string; request: RefundRequest };

/** Step 1: what a credit note checks, then the intent and its key (the n-th credit note of the invoice, its amount). */
async function recordRefund(
  db: Db,
  orderId: number,
  values: CreditNoteValues,
  actor: Actor,
  refunds: CardRefunds | null | undefined,
): Promise<Intent> {
  return db.transaction(async (tx) => {
    const invoice = await invoiceToCredit(tx, orderId);
    const card = await cardRefund(tx, orderId, refunds);
    const { notes } = await lockCreditable(tx, invoice, values.amount);
    const idempotencyKey = `rfs-invoice-${invoice.id}-credit-note-${notes + 1}-refund-${toCents(values.amount)}`;
    // Another refund of this order under way (another amount: another key) waits for its answer; the same one again
    // (a double click) goes on with the same key, and the provider makes one refund.
    await refuseWhileRefundAsked(tx, orderId, idempotencyKey);
    const request: RefundRequest = {
      invoiceId: invoice.id,
      invoiceNumber: invoice.number,
      paymentIntent: card.paymentIntent,
      amount: values.amount,
      reason: values.reason,
      actor: { id: actor.id, username: actor.username, ...(actor.address ? { address: actor.address } : {}) },
    };
    // The same key again is a refusal being retried (a done one has its credit note, so the next key differs).
    const [row] = await tx
      .insert(providerIntents)
      .values({ kind: 'refund', idempotencyKey, orderId, request })
      .onConflictDoUpdate({
        target: providerIntents.idempotencyKey,
        set: { status: 'asked', request, result: null, updatedAt: new Date() },
      })
      .returning({ id: providerIntents.id });
    return { id: row!.id, orderId, idempotencyKey, request };
  });
}

type Answer = { made: MadeRefund } | { refused: true } | { unanswered: true };

/** Step 2, no transaction open: a 4xx or a failed refund is a refusal; no answer (network, 5xx, 429) may hide a refund. */
async function askProvider(refunds: CardRefunds, intent: Intent): Promise<Answer> {
  try {
    const made = await refunds.refund({
      paymentIntent: intent.request.paymentIntent,
      amountCents: toCents(intent.request.amount),
      invoiceNumber: intent.request.invoiceNumber,
      idempotencyKey: intent.idempotencyKey,
    });
    return REFUND_UNDER_WAY.has(made.status ?? '')
      ? { made: { id: made.id, status: made.status ?? '' } }
      : { refused: true };
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode;
    return status && status >= 400 && status < 500 && status !== 409 && status !== 429
      ? { refused: true }
      : { unanswered: true };
  }
}

async function markFailed(db: Db, id: number) {
  await db
    .update(providerIntents)
    .set({ status: 'failed', updatedAt: new Date() })
    .where(and(eq(providerIntents.id, id), eq(providerIntents.status, 'asked')));
}

/** Step 3: the credit note with its refund, and the intent done, together; run twice, the second finds it done. */
async function completeRefund(db: Db, id: number, made: MadeRefund, deps: CreditDeps): Promise<InvoiceRow | null> {
  return db.transaction(async (tx) => {
    const [intent] = await tx.select().from(providerIntents).where(eq(providerIntents.id, id)).for('update');
    if (!intent) return null;
    if (intent.status === 'done') {
      const noteId = (intent.result as { creditNoteId?: number } | null)?.creditNoteId ?? -1;
      return ((await tx.select().from(invoices).where(eq(invoices.id, noteId)))[0] as InvoiceRow | undefined) ?? null;
    }
    const request = intent.request as RefundRequest;
    const note = await creditInTransaction(tx, {
      orderId: intent.orderId,
      invoice: await invoiceToCredit(tx, intent.orderId),
      values: { amount: request.amount, reason: request.reason },
      actor: request.actor,
      config: deps.config,
      mail: deps.mail,
      clock: deps.clock,
      fullStatus: 'refunded',
      refunded: made,
    });
    await tx
      .update(providerIntents)
      .set({ status: 'done', result: { ...made, creditNoteId: note.id }, updatedAt: new Date() })
      .where(eq(providerIntents.id, id));
    return note;
  });
}

/** « Établir un avoir » with `refund`: the three steps; a refusal leaves no credit note (502, in French). */
export async function refundThenCredit(
  db: Db,
  orderId: number,
  values: CreditNoteValues,
  actor: Actor,
  deps: CreditDeps,
): Promise<InvoiceRow> {
  const intent = await recordRefund(db, orderId, values, actor, deps.refunds);
  const answer = await askProvider(deps.refunds!, intent);
  if ('refused' in answer) {
    await markFailed(db, intent.id);
    throw new HttpError('PROVIDER_UNAVAILABLE', REFUND_FAILED);
  }
  if ('unanswered' in answer) throw new HttpError('PROVIDER_UNAVAILABLE', REFUND_UNANSWERED);
  return (await completeRefund(db, intent.id, answer.made, deps))!;
}

/**
 * The refunds a crash or a lost answer left `asked` for a while: asked again with their key, then completed or marked
 * failed; one still unanswered waits for the next run. Returns the credit notes written.
 */
export async function resumeRefunds(db: Db, refunds: CardRefunds, deps: CreditDeps, now: Date): Promise<InvoiceRow[]> {
  const stale = await db
    .select()
    .from(providerIntents)
    .where(
      and(
        eq(providerIntents.kind, 'refund'),
        eq(providerIntents.status, 'asked'),
        lt(providerIntents.updatedAt, new Date(now.getTime() - RESUME_AFTER_MS)),
      ),
    )
    .limit(50);
  const written: InvoiceRow[] = [];
  for (const row of stale) {
    const intent = { ...row, request: row.request as RefundRequest };
    const answer = await askProvider(refunds, intent);
    if ('refused' in answer) await markFailed(db, intent.id);
    if ('made' in answer) {
      const note = await completeRefund(db, intent.id, answer.made, deps);
      if (note) written.push(note);
    }
  }
  return written;
}
