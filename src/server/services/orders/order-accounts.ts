// The client account behind an order: found, created or given new credentials with it, and « Régénérer ».
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '#server/db/client.ts';
import { orders } from '#server/db/schema.ts';
import { notFound } from '#server/http-error.ts';
import type { OrderValues } from '#shared/orders/order-input.ts';
import { writeAudit, type Actor } from '#server/services/security/audit.ts';
import {
  assertUsernameFree,
  createClientAccount,
  findClientByEmail,
  findClientById,
  prepareCredentials,
  setClientCredentials,
  type PreparedCredentials,
} from '#server/services/clients/clients.ts';
import { generatePassword, suggestUsername } from '#server/services/clients/credentials.ts';
import { queueCredentialsMail } from '#server/services/mail/order-mails.ts';
import type { MailQueue } from '#server/services/mail/outbox.ts';
import { getOrderDto, ORDER_NOT_FOUND } from './order-queries.ts';
import type { OrderResult } from './orders.ts';

/** Keeps the username copied on orders in step with the account, so search finds the client by the name they use. */
async function syncOrderUsernames(tx: Tx, clientId: number, username: string) {
  await tx.update(orders).set({ username }).where(eq(orders.clientId, clientId));
}

/**
 * The client account an order belongs to: the one with its e-mail, created when a username is given and there is
 * none, or given the new credentials when it has none yet or staff asked for new ones. `issued`: credentials to send.
 */
export async function accountForOrder(tx: Tx, values: OrderValues, prepared: PreparedCredentials | null) {
  const existing = await findClientByEmail(tx, values.clientEmail);
  let clientId = existing?.id ?? null;
  let username = existing?.username ?? null;
  let issued: PreparedCredentials | null = null;

  if (prepared && !existing) {
    const created = await createClientAccount(tx, {
      name: values.clientName,
      email: values.clientEmail,
      phone: values.clientPhone,
      credentials: prepared,
    });
    clientId = created.id;
    issued = prepared;
  } else if (prepared && existing) {
    if (!existing.passwordHash || values.updatePassword) {
      await setClientCredentials(tx, existing.id, prepared);
      await syncOrderUsernames(tx, existing.id, prepared.username);
      issued = prepared;
    } else {
      // The account keeps its credentials; a username belonging to someone else is still an error worth telling.
      await assertUsernameFree(tx, prepared.username, existing.id);
    }
  }
  if (issued) username = issued.username;
  return { clientId, username, issued };
}

/**
 * « Régénérer »: a new password for the order's client account, username kept, e-mailed in the same transaction.
 * « Générer », on an order taken without a username: the client gets the account the dialog announces, the one with
 * the order's e-mail or a new one (which takes the earlier orders with that e-mail too), and the order belongs to it.
 */
export async function regenerateOrderCredentials(
  db: Db,
  mail: MailQueue,
  orderId: number,
  actor: Actor,
): Promise<OrderResult> {
  const [order] = await db
    .select({
      clientId: orders.clientId,
      clientName: orders.clientName,
      clientEmail: orders.clientEmail,
      clientPhone: orders.clientPhone,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) throw notFound(ORDER_NOT_FOUND);
  const found =
    (order.clientId ? await findClientById(db, order.clientId) : undefined) ??
    (await findClientByEmail(db, order.clientEmail));
  const prepared = await prepareCredentials(
    found?.username ?? (await suggestUsername(db, found?.name ?? order.clientName)),
    generatePassword(),
  );
  const client = await db.transaction(async (tx) => {
    const client =
      found ??
      (await createClientAccount(tx, {
        name: order.clientName,
        email: order.clientEmail,
        phone: order.clientPhone,
        credentials: prepared,
      }));
    if (order.clientId !== client.id)
      await tx.update(orders).set({ clientId: client.id }).where(eq(orders.id, orderId));
    await setClientCredentials(tx, client.id, prepared);
    await syncOrderUsernames(tx, client.id, prepared.username);
    await writeAudit(tx, actor, {
      action: 'order.credentials',
      entity: 'order',
      entityId: orderId,
      after: { clientId: client.id, username: prepared.username },
    });
    await queueCredentialsMail(tx, mail, {
      clientId: client.id,
      to: client,
      username: prepared.username,
      password: prepared.password,
    });
    return client;
  });
  return {
    order: (await getOrderDto(db, orderId))!,
    credentials: { username: prepared.username, password: prepared.password },
    client: { email: client.email, name: client.name },
    replayed: false,
  };
}
