import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { manualOrders } from '../db/schema';
import { getPlan } from '../../shared/plans';
import type { InvoiceVerification } from '../../shared/schemas/invoice';

/**
 * The public check behind /verify-invoice: one prepared statement on the unique key index, prepared once per
 * database. It says only what the paper invoice already shows.
 */
export function invoiceVerifier(db: Db) {
  const statement = db.select({
    id: manualOrders.id,
    orderDate: manualOrders.orderDate,
    clientName: manualOrders.clientName,
    price: manualOrders.price,
    plan: manualOrders.plan,
    paymentStatus: manualOrders.paymentStatus,
  }).from(manualOrders).where(eq(manualOrders.verificationKey, sql.placeholder('key'))).limit(1).prepare('verify_invoice');

  return async (key: string): Promise<InvoiceVerification | null> => {
    const [row] = await statement.execute({ key });
    // The plan's display name ('Pro'), as printed on the invoice; the status stays a code the page labels.
    return row ? { ...row, plan: getPlan(row.plan).name } : null;
  };
}
