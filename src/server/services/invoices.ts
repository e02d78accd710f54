import { asc, eq, gt } from 'drizzle-orm';
import type { Config } from '../config';
import type { Tx } from '../db/client';
import { clients, manualOrders } from '../db/schema';
import { getPlan } from '../../shared/plans';
import { usernameHint } from './credentials';
import type { InvoiceData } from './invoice-pdf';
import { periodEndsOn } from './paris-calendar';

export function sellerOf(config: Config): InvoiceData['seller'] {
  return {
    siteName: config.SITE_NAME, legalName: config.COMPANY_LEGAL_NAME, address: config.COMPANY_ADDRESS,
    email: config.COMPANY_EMAIL, phone: config.COMPANY_PHONE, companyId: config.COMPANY_ID,
  };
}

const invoiceColumns = {
  order: manualOrders,
  clientUsername: clients.username,
};
type InvoiceRow = { order: typeof manualOrders.$inferSelect; clientUsername: string | null };

export function toInvoiceData(row: InvoiceRow, config: Config): InvoiceData {
  const { order } = row;
  const plan = getPlan(order.plan);
  return {
    orderId: order.id,
    orderDate: order.orderDate,
    // A paid order's chained subscription; before payment, the period it would cover from its date.
    periodStart: order.startsOn ?? order.orderDate,
    periodEnd: order.endsOn ?? periodEndsOn(order.orderDate, plan.durationMonths),
    client: { name: order.clientName, email: order.clientEmail, phone: order.clientPhone },
    plan,
    price: order.price,
    paymentMethod: order.paymentMethod,
    paymentStatus: order.paymentStatus,
    verificationKey: order.verificationKey,
    usernameHint: row.clientUsername ? usernameHint(row.clientUsername) : null,
    seller: sellerOf(config),
    publicUrl: config.PUBLIC_URL,
    taxMention: config.INVOICE_TAX_MENTION,
  };
}

export async function loadInvoice(db: Tx, orderId: number, config: Config): Promise<InvoiceData | undefined> {
  const [row] = await db.select(invoiceColumns).from(manualOrders).leftJoin(clients, eq(clients.id, manualOrders.clientId))
    .where(eq(manualOrders.id, orderId));
  return row ? toInvoiceData(row, config) : undefined;
}

/** Every invoice in id order, a page at a time (for the backup archive). */
export async function loadInvoicePage(db: Tx, config: Config, afterId: number, limit: number): Promise<InvoiceData[]> {
  const rows = await db.select(invoiceColumns).from(manualOrders).leftJoin(clients, eq(clients.id, manualOrders.clientId))
    .where(gt(manualOrders.id, afterId)).orderBy(asc(manualOrders.id)).limit(limit);
  return rows.map((row) => toInvoiceData(row, config));
}

/** 'Facture_12_Élodie Bérénger.pdf', with an ASCII fallback for old clients and the UTF-8 name per RFC 5987/6266. */
export function invoiceContentDisposition(orderId: number, clientName: string): string {
  const name = `Facture_${orderId}_${clientName}.pdf`.replace(/[\r\n"\\/]/g, ' ');
  const ascii = name.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^\x20-\x7e]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
