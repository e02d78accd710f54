import { holdAccountOf, holdOwnAccount } from '#server/services/clients/account-lock.ts';
import { randomInt } from 'node:crypto';
import { registrationConsent, type OrderConsent } from './order-consent.ts';
import { queueContractConfirmation } from './contract.ts';
import { eq } from 'drizzle-orm';
import type { Config } from '#server/config.ts';
import type { Db, Tx } from '#server/db/client.ts';
import { orders } from '#server/db/schema.ts';
import { HttpError, notFound } from '#server/http-error.ts';
import { isGifted } from '#shared/billing/payment-labels.ts';
import { getPlan } from '#shared/plans.ts';
import { KEY_ALPHABET } from '#shared/billing/invoice-verification.ts';
import type { OrderUpdate, OrderValues } from '#shared/orders/order-input.ts';
import type { IssuedCredentials, OrderDto } from '#shared/orders/order-api.ts';
import type { OrderDocuments } from '#shared/billing/invoice-api.ts';
import { diff, writeAudit, type Actor } from '#server/services/security/audit.ts';
import { prepareCredentials, type PreparedCredentials } from '#server/services/clients/clients.ts';
import { generatePassword } from '#server/services/clients/credentials.ts';
import { creditableAmount, creditInTransaction } from '#server/services/billing/credit-notes.ts';
import { ensureDocumentPdf, orderInvoice } from '#server/services/billing/documents.ts';
import { issueInvoice, type Clock } from '#server/services/billing/invoices.ts';
import { getOrderDto, ORDER_NOT_FOUND } from './order-queries.ts';
import { pendingOrderOf } from './client-orders.ts';
import { isUniqueViolation } from '#server/db/db-errors.ts';
import { accountForOrder } from './order-accounts.ts';
import { orderDigest, orderOfKey } from './order-idempotency.ts';
import type { MailQueue } from '#server/services/mail/outbox.ts';
import { queueCredentialsMail, queueInvoiceMail, type PaidOrder } from '#server/services/mail/order-mails.ts';
import { recomputeSubscriptions, type SubscriptionOwner } from '#server/services/subscriptions/subscriptions.ts';

/** What issuing an invoice needs: the seller and tax settings (config) and, optionally, the mail queue. */
export type OrderDeps = {
  config?: Config;
  mail?: MailQueue;
  /** the app's clock: the invoice's issue instant */ clock?: Clock;
};

function settingsFor(deps: OrderDeps): Config {
  if (!deps.config) throw new Error('Issuing an invoice needs the configuration (seller, tax)');
  return deps.config;
}

/** RFS-XXXXXX-YYYY: 31^6 ≈ 887 million keys a year, drawn with a cryptographic generator so none can be guessed. */
function newVerificationKey(orderDate: string): string {
  const random = Array.from({ length: 6 }, () => KEY_ALPHABET[randomInt(KEY_ALPHABET.length)]).join('');
  return `RFS-${random}-${orderDate.slice(0, 4)}`;
}

/** Price and credit cost come from the catalogue, never from the request; a gifted order costs 0 € but still its credits. */
function orderPricing(values: Pick<OrderValues, 'plan' | 'paymentMethod'>) {
  const plan = getPlan(values.plan);
  return {
    price: isGifted(values) ? '0.00' : plan.price.toFixed(2),
    creditCost: plan.creditCost.toFixed(2),
  };
}

const ownerOf = (order: { clientId: number | null; clientEmail: string }): SubscriptionOwner =>
  order.clientId !== null ? { clientId: order.clientId } : { clientId: null, email: order.clientEmail };

export type OrderResult = {
  order: OrderDto & OrderDocuments;
  credentials: IssuedCredentials | null;
  client: { email: string; name: string };
  /** true when an earlier request with the same idempotency key had made this order: nothing was written now */
  replayed: boolean;
};

/** The e-mails of a new order, queued in its transaction: credentials when issued; invoice and contract when paid. */
async function queueOrderMails(
  tx: Tx,
  mail: MailQueue,
  order: PaidOrder & Pick<typeof orders.$inferSelect, 'price' | 'paymentMethod' | 'paymentStatus'>,
  issued: PreparedCredentials | null,
  clock: Clock | undefined,
) {
  if (issued && order.clientId !== null) {
    await queueCredentialsMail(tx, mail, {
      clientId: order.clientId,
      to: { email: order.clientEmail, name: order.clientName },
      username: issued.username,
      password: issued.password,
      order: {
        id: order.id,
        plan: order.plan,
        price: order.price,
        paymentMethod: order.paymentMethod,
        paymentStatus: order.paymentStatus,
      },
    });
  }
  if (order.paymentStatus === 'paid') {
    await queueInvoiceMail(tx, mail, order);
    await queueContractConfirmation(tx, mail, order.id, clock?.() ?? new Date());
  }
}

/**
 * Creates an order and, when a username is given, the client account (or new credentials for an existing one,
 * on request) in one transaction: a conflict leaves nothing behind. With `mail`, the credentials and payment terms,
 * and the invoice of a paid order, are queued in that same transaction (a client's own request for a plan sends none).
 */
export async function createOrder(
  db: Db,
  values: OrderValues,
  actor: Actor,
  deps: OrderDeps & {
    idempotencyKey?: string;
    consent?: OrderConsent;
    /** the client asking from their own area: their account is held first, and the order refused if it was erased */
    askedBy?: number;
  } = {},
): Promise<OrderResult> {
  const { mail, idempotencyKey } = deps;
  const config = values.paymentStatus === 'paid' ? settingsFor(deps) : undefined;
  // Hashed before the transaction: the hash takes tens of milliseconds and must not hold locks (a username alone gets a generated password).
  const prepared = values.username
    ? await prepareCredentials(values.username, values.password || generatePassword())
    : null;
  const digest = idempotencyKey ? orderDigest(values) : null;

  const { issued, invoice, order, replayed } = await db.transaction(async (tx) => {
    // The client's details were read before this transaction: an erasure that committed since would otherwise get an
    // order written after it, with the name and address it had just removed (decision 045).
    if (deps.askedBy !== undefined) await holdOwnAccount(tx, deps.askedBy);
    if (idempotencyKey && digest) {
      const earlier = await orderOfKey(tx, idempotencyKey, digest);
      // The password issued then is not kept in clear: the answer says the order exists; « Renvoyer les identifiants » remains.
      if (earlier) return { issued: null, invoice: null, order: (await getOrderDto(tx, earlier.id))!, replayed: true };
    }
    const { clientId, username, issued } = await accountForOrder(tx, values, prepared);
    // What the client ticked: on the site's order, or on their registration for the account's first order.
    const consent = deps.consent ?? (clientId !== null ? await registrationConsent(tx, clientId) : null);

    const base = {
      clientId,
      clientName: values.clientName,
      clientEmail: values.clientEmail,
      clientPhone: values.clientPhone,
      username,
      plan: values.plan,
      paymentMethod: values.paymentMethod,
      paymentStatus: values.paymentStatus,
      ...orderPricing(values),
      orderDate: values.orderDate,
      notes: values.notes,
      createdBy: actor.username,
    };
    // A key collision is astronomically rare; ON CONFLICT lets us draw again without aborting the transaction.
    for (let attempt = 0; attempt < 5; attempt++) {
      const [row] = await tx
        .insert(orders)
        .values({
          ...base,
          ...consent,
          verificationKey: newVerificationKey(values.orderDate),
          idempotencyKey: idempotencyKey ?? null,
          idempotencyDigest: digest,
        })
        .onConflictDoNothing({ target: orders.verificationKey })
        .returning({ id: orders.id });
      if (!row) continue;
      await recomputeSubscriptions(tx, ownerOf(base));
      await writeAudit(tx, actor, {
        action: 'order.create',
        entity: 'order',
        entityId: row.id,
        after: {
          ...base,
          credentialsIssued: issued !== null,
          ...(consent ? { cgvVersion: consent.cgvVersion, expressRequest: consent.expressRequestAt !== null } : {}),
        },
      });
      if (mail) await queueOrderMails(tx, mail, { ...base, id: row.id, clientId }, issued, deps.clock);
      // Last: the invoice number's lock is held only for the number, the insert and the commit.
      const invoice = config
        ? await issueInvoice(tx, row.id, config, actor, { paidAtCreation: true, clock: deps.clock })
        : null;
      // The answer is read before the commit: once committed, the order is answered 201 even if the database goes
      // away the next instant (a 503 then would tell staff it failed while it exists).
      return { issued, invoice, order: (await getOrderDto(tx, row.id))!, replayed: false };
    }
    throw new Error('Could not draw a free verification key');
  });

  // The PDF is rendered once from the frozen data and stored: by the invoice e-mail's worker when there is one (it
  // attaches it), else here after the commit; never under the lock. Deterministic, so whoever renders first stores the same bytes.
  // Without a queue (tools, tests) a failure here leaves the PDF to the first download.
  if (invoice && config && !mail) await ensureDocumentPdf(db, config, invoice).catch(() => undefined);
  return {
    order,
    credentials: issued ? { username: issued.username, password: issued.password } : null,
    client: { email: values.clientEmail, name: values.clientName },
    replayed,
  };
}

const INVOICED_STATUS_CHANGE =
  'Cette commande a une facture émise : pour l’annuler ou la rembourser, établissez un avoir (statut « Annulé » ou « Remboursé »).';

/**
 * Payment status and notes only; the audit keeps the before and after of what changed. Paid: the invoice is issued
 * (numbered and dated that day) and e-mailed. An invoiced order is never simply « unpaid »: « Remboursé » or « Annulé »
 * issue a credit note for what is left of its invoice; any other status is refused.
 */
export async function updateOrder(
  db: Db,
  id: number,
  patch: OrderUpdate,
  actor: Actor,
  deps: OrderDeps = {},
): Promise<OrderDto & OrderDocuments> {
  const issuedPdf = await db
    .transaction((tx) => updateOrderInTransaction(tx, id, patch, actor, deps))
    .catch(async (error: unknown) => {
      // Back to « en attente » while the client has asked for another plan since: one request waits at a time.
      if (!isUniqueViolation(error, 'orders_one_client_request_idx')) throw error;
      throw await anotherRequestWaits(db, id);
    });
  // As at creation: the invoice e-mail's worker renders and stores the PDF; without a mail queue, here.
  // A failure leaves it to the first download, as at creation: the change is committed.
  if (issuedPdf && deps.config && !deps.mail)
    await ensureDocumentPdf(db, deps.config, issuedPdf).catch(() => undefined);
  return (await getOrderDto(db, id))!;
}

/** The 409 of an order set back to pending while the same client's newer request from their area waits. */
async function anotherRequestWaits(db: Db, id: number): Promise<HttpError> {
  const [order] = await db.select({ clientId: orders.clientId }).from(orders).where(eq(orders.id, id));
  const waiting = order?.clientId ? await pendingOrderOf(db, order.clientId) : undefined;
  return new HttpError(
    'ORDER_PENDING',
    `Ce client attend déjà une autre formule demandée depuis son espace${waiting ? ` (commande n° ${waiting.id})` : ''} : ` +
      'traitez ou annulez-la avant de remettre celle-ci en attente.',
  );
}

/**
 * updateOrder's work inside the caller's transaction (a staff confirmation, or the payment provider's through
 * services/payments/): returns the invoice issued, if any, whose PDF the caller stores when no mail queue does.
 */
export async function updateOrderInTransaction(
  tx: Tx,
  id: number,
  patch: OrderUpdate,
  actor: Actor,
  deps: OrderDeps = {},
) {
  const { mail } = deps;
  await holdAccountOf(tx, orders, id);
  const [current] = await tx
    .select({
      paymentStatus: orders.paymentStatus,
      notes: orders.notes,
      clientId: orders.clientId,
      clientEmail: orders.clientEmail,
      clientName: orders.clientName,
      plan: orders.plan,
    })
    .from(orders)
    .where(eq(orders.id, id))
    .for('update');
  if (!current) throw notFound(ORDER_NOT_FOUND);
  const change = diff(
    { paymentStatus: current.paymentStatus, notes: current.notes },
    { paymentStatus: patch.paymentStatus, notes: patch.notes },
  );
  if (!change) return null;
  const next = change.after.paymentStatus;
  const invoice = next ? await orderInvoice(tx, id) : undefined;
  if (next && invoice && next !== 'paid') {
    if (next !== 'refunded' && next !== 'cancelled') throw new HttpError('INVOICED', INVOICED_STATUS_CHANGE);
    // The whole remainder is credited; the credit note sets the status and recomputes the subscriptions.
    if (change.after.notes !== undefined) {
      await tx.update(orders).set({ notes: change.after.notes, updatedAt: new Date() }).where(eq(orders.id, id));
    }
    const remaining = await creditableAmount(tx, invoice);
    return creditInTransaction(tx, {
      orderId: id,
      invoice,
      values: { amount: remaining, reason: '' },
      actor,
      config: settingsFor(deps),
      fullStatus: next,
      clock: deps.clock,
      mail,
    });
  }
  if (
    next &&
    !invoice &&
    (next === 'refunded' || next === 'cancelled') &&
    current.paymentStatus !== 'pending' &&
    current.paymentStatus !== 'failed'
  ) {
    throw new HttpError('INVOICED', INVOICED_STATUS_CHANGE);
  }
  // Paid: an online payment's earlier trouble (services/payments/) is no longer staff's to look at.
  await tx
    .update(orders)
    .set({ ...change.after, ...(next === 'paid' ? { paymentIssue: null } : {}), updatedAt: new Date() })
    .where(eq(orders.id, id));
  // Paid or no longer paid: the client's subscriptions chain again.
  if (next) await recomputeSubscriptions(tx, ownerOf(current));
  await writeAudit(tx, actor, { action: 'order.update', entity: 'order', entityId: id, ...change });
  if (next !== 'paid') return null;
  if (mail) {
    await queueInvoiceMail(tx, mail, { ...current, id });
    await queueContractConfirmation(tx, mail, id, deps.clock?.() ?? new Date());
  }
  // Last, as at creation: the number's lock is held for the number, the insert and the commit only.
  return issueInvoice(tx, id, settingsFor(deps), actor, { paidAtCreation: false, clock: deps.clock });
}
