// Seeds a large, realistic back-office data set straight into the database (bench only).
import { KEY_ALPHABET } from '#shared/billing/invoice-verification.ts';
import { PLANS } from '#shared/plans.ts';
import { PAYMENT_METHODS, PAYMENT_STATUSES } from '#shared/billing/payment-labels.ts';
import { clients, orders } from '#server/db/schema.ts';
import type { Db } from '#server/db/client.ts';
import { chainSubscriptions } from '#server/services/subscriptions/subscriptions.ts';
import { renderInvoicePdf } from '#server/services/billing/invoice-pdf.ts';
import { sampleInvoiceData } from '#server/test/invoice-data.ts';
import { sql } from 'drizzle-orm';

function key(n: number, year: number): string {
  let s = '';
  for (let i = 0; i < 6; i++) {
    s += KEY_ALPHABET[n % KEY_ALPHABET.length];
    n = Math.floor(n / KEY_ALPHABET.length);
  }
  return `RFS-${s}-${year}`;
}

/** `count` orders spread over two years for `customers` customers; returns some verification keys. */
export async function seedOrders(db: Db, count = 50_000, customers = 10_000): Promise<string[]> {
  const batch = 1000;
  for (let start = 1; start <= customers; start += batch) {
    const rows = [];
    for (let c = start; c < start + batch && c <= customers; c++) {
      rows.push({
        username: `client${c}`,
        email: `client${c}@exemple.fr`,
        name: `Client ${c}`,
        firstName: 'Client',
        lastName: String(c),
        phone: '0600000000',
      });
    }
    await db.insert(clients).values(rows);
  }
  const keys: string[] = [];
  const day0 = Date.UTC(2024, 0, 1);
  const all = [];
  for (let g = 1; g <= count; g++) {
    const plan = PLANS[g % PLANS.length]!;
    const method = PAYMENT_METHODS[Math.floor(g / 7) % PAYMENT_METHODS.length]!;
    const status = PAYMENT_STATUSES[g % 5 < 3 ? 0 : g % 5 === 3 ? 1 : 2]!;
    const c = 1 + (g % customers);
    const orderDate = new Date(day0 + (g % 700) * 86_400_000).toISOString().slice(0, 10);
    const verificationKey = key(g * 7919, Number(orderDate.slice(0, 4)));
    if (g % 100 === 0) keys.push(verificationKey);
    all.push({
      clientId: c,
      clientName: `Client ${c}`,
      clientEmail: `client${c}@exemple.fr`,
      username: `client${c}`,
      plan: plan.id,
      paymentMethod: method,
      paymentStatus: status,
      price: method === 'offert' ? '0.00' : plan.price.toFixed(2),
      creditCost: plan.creditCost.toFixed(2),
      orderDate,
      createdBy: 'admin',
      verificationKey,
      startsOn: null as string | null,
      endsOn: null as string | null,
    });
  }
  // The periods the order service would have stored: each client's paid orders, chained. Ids follow insertion order.
  const paidByClient = new Map<number, Array<{ id: number; plan: (typeof all)[number]['plan']; orderDate: string }>>();
  all.forEach((o, i) => {
    if (o.paymentStatus !== 'paid') return;
    const list = paidByClient.get(o.clientId) ?? [];
    list.push({ id: i + 1, plan: o.plan, orderDate: o.orderDate });
    paidByClient.set(o.clientId, list);
  });
  for (const paid of paidByClient.values()) {
    for (const period of chainSubscriptions(paid))
      Object.assign(all[period.id - 1]!, { startsOn: period.startsOn, endsOn: period.endsOn });
  }
  for (let start = 0; start < all.length; start += batch)
    await db.insert(orders).values(all.slice(start, start + batch));
  await seedInvoices(db);
  return keys;
}

/**
 * Each paid order's issued invoice, numbered in order id order, as the order service stores it: the printed data
 * (here only the client's name, what lists, file names and the check read) and a PDF, one real rendering of
 * realistic size shared by every row so that seeding 30,000 invoices takes seconds.
 */
async function seedInvoices(db: Db) {
  const sample = await renderInvoicePdf(sampleInvoiceData(1));
  await db.execute(sql`
    insert into invoices (kind, seq, number, order_id, client_id, issued_on, issued_at, verification_key, total_ttc, total_ht, total_tax, data, pdf, created_by)
    select 'invoice', n, lpad(n::text, 8, '0'), id, client_id, order_date, order_date::timestamp at time zone 'Europe/Paris',
           verification_key, price, price, 0, jsonb_build_object('client', jsonb_build_object('name', client_name)), ${sample}, 'admin'
    from (select *, row_number() over (order by id) as n from orders where payment_status = 'paid') paid`);
}
