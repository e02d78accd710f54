import { and, count, desc, eq, ne } from 'drizzle-orm';
import type { Config } from '#server/config.ts';
import type { Db, Tx } from '#server/db/client.ts';
import { clientSessions, clients, orders } from '#server/db/schema.ts';
import { HttpError } from '#server/http-error.ts';
import { CLIENT_UNAUTHORIZED, type ClientOrder } from '#shared/client-api.ts';
import { passwordWeakness } from '#shared/schemas/password.ts';
import { documentPdf, loadDocument, orderInvoice } from '#server/services/billing/invoices.ts';
import { documentsOf, toDocumentDto } from '#server/services/orders/order-queries.ts';
import type { ErrorCode } from '#shared/error-codes.ts';
import type { AccountCheck } from '#server/services/security/login-throttle.ts';
import { hashPassword, verifyPassword } from '#server/services/security/passwords.ts';
import { retireResetLinks } from './password-reset.ts';
import { toClientOrder } from '#server/services/orders/subscriptions.ts';

const WRONG_CURRENT_PASSWORD = 'Mot de passe actuel incorrect';
const SAME_PASSWORD = 'Choisissez un mot de passe différent de l’actuel';

const fieldError = (field: string, message: string, code: ErrorCode) =>
  new HttpError(400, message, code, { [field]: [message] });

/**
 * The signed-in client changes their password: the current one proves it is them (a borrowed open session is not
 * enough; it is checked through the sign-in throttle, under the username), the new one follows the shared rule, and
 * every other session of the account ends (this one stays). Any refusal changes nothing.
 */
export async function changeClientPassword(
  db: Db,
  session: { clientId: number; sessionHash: string },
  input: { currentPassword: string; newPassword: string },
  throttle: AccountCheck,
): Promise<void> {
  const [client] = await db
    .select({ username: clients.username, email: clients.email, passwordHash: clients.passwordHash })
    .from(clients)
    .where(eq(clients.id, session.clientId));
  if (!client?.passwordHash) throw new HttpError(401, CLIENT_UNAUTHORIZED, 'UNAUTHENTICATED');
  const { passwordHash: stored } = client;
  // The buckets of a sign-in by username (by e-mail for an account without one).
  if (
    !(await throttle(
      client.username ?? client.email,
      async () => (await verifyPassword(input.currentPassword, stored)) || null,
    ))
  ) {
    throw fieldError('currentPassword', WRONG_CURRENT_PASSWORD, 'BAD_CURRENT_PASSWORD');
  }
  if (input.newPassword === input.currentPassword) throw fieldError('newPassword', SAME_PASSWORD, 'SAME_PASSWORD');
  const weakness = passwordWeakness(input.newPassword, client);
  if (weakness) throw fieldError('newPassword', weakness, 'WEAK_PASSWORD');
  // Hashed before the transaction, so no lock is held while it runs.
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(clients).set({ passwordHash }).where(eq(clients.id, session.clientId));
    await tx
      .delete(clientSessions)
      .where(and(eq(clientSessions.clientId, session.clientId), ne(clientSessions.idHash, session.sessionHash)));
    // A « mot de passe oublié » link sent before would otherwise undo the change.
    await retireResetLinks(tx, session.clientId);
  });
}

const orderColumns = {
  id: orders.id,
  plan: orders.plan,
  price: orders.price,
  paymentStatus: orders.paymentStatus,
  orderDate: orders.orderDate,
  startsOn: orders.startsOn,
  endsOn: orders.endsOn,
};

/** The client's own orders (those of their account), newest first. */
export async function listClientOrders(
  db: Tx,
  clientId: number,
  page: { limit: number; offset: number },
): Promise<{ items: ClientOrder[]; total: number }> {
  const where = eq(orders.clientId, clientId);
  const [rows, [total]] = await Promise.all([
    db
      .select(orderColumns)
      .from(orders)
      .where(where)
      .orderBy(desc(orders.orderDate), desc(orders.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  const documents = await documentsOf(
    db,
    rows.map((r) => r.id),
  );
  return {
    items: rows.map((row) => toClientOrder(row, (documents.get(row.id) ?? []).map(toDocumentDto))),
    total: Number(total?.n ?? 0),
  };
}

const INVOICE_NOT_FOUND = 'Facture introuvable';

/**
 * The invoice of one of the client's own paid orders, the very document staff download. Someone else's order, a
 * pending one or an unknown id all answer the same 404, so nobody learns that an order exists.
 */
export async function loadClientInvoice(
  db: Tx,
  clientId: number,
  orderId: number,
  config: Config,
): Promise<{ fileName: string; pdf: Buffer }> {
  const [own] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.clientId, clientId)));
  const row = own ? await orderInvoice(db, orderId) : undefined;
  if (!row) throw new HttpError(404, INVOICE_NOT_FOUND, 'NOT_FOUND');
  return documentPdf(db, config, row);
}

/**
 * One of the client's own documents (an invoice or a credit note) by its id, checked against the order's client: the
 * document's copy of the client id may be older than a later attachment of the order to the account.
 */
export async function loadClientDocument(
  db: Tx,
  clientId: number,
  documentId: number,
  config: Config,
): Promise<{ fileName: string; pdf: Buffer }> {
  const row = await loadDocument(db, documentId);
  const [own] = row
    ? await db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.id, row.orderId), eq(orders.clientId, clientId)))
    : [];
  if (!row || !own) throw new HttpError(404, INVOICE_NOT_FOUND, 'NOT_FOUND');
  return documentPdf(db, config, row);
}
