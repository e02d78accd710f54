// Seeds a large, realistic back-office data set straight into the database (bench only).
import { KEY_ALPHABET } from '../src/shared/schemas/invoice';
import { PLANS } from '../src/shared/plans';
import { PAYMENT_METHODS, PAYMENT_STATUSES } from '../src/shared/labels';
import { clients, manualOrders } from '../src/server/db/schema';
import type { Db } from '../src/server/db/client';
import { chainSubscriptions } from '../src/server/services/subscriptions';

function key(n: number, year: number): string {
  let s = '';
  for (let i = 0; i < 6; i++) { s += KEY_ALPHABET[n % KEY_ALPHABET.length]; n = Math.floor(n / KEY_ALPHABET.length); }
  return `RFS-${s}-${year}`;
}

/** `orders` orders spread over two years for `customers` customers; returns some verification keys. */
export async function seedOrders(db: Db, orders = 50_000, customers = 10_000): Promise<string[]> {
  const batch = 1000;
  for (let start = 1; start <= customers; start += batch) {
    const rows = [];
    for (let c = start; c < start + batch && c <= customers; c++) {
      rows.push({ username: `client${c}`, email: `client${c}@exemple.fr`, name: `Client ${c}`, firstName: 'Client', lastName: String(c), phone: '0600000000' });
    }
    await db.insert(clients).values(rows);
  }
  const keys: string[] = [];
  const day0 = Date.UTC(2024, 0, 1);
  const all = [];
  for (let g = 1; g <= orders; g++) {
    const plan = PLANS[g % PLANS.length]!;
    const method = PAYMENT_METHODS[Math.floor(g / 7) % PAYMENT_METHODS.length]!;
    const status = PAYMENT_STATUSES[g % 5 < 3 ? 0 : g % 5 === 3 ? 1 : 2]!;
    const c = 1 + (g % customers);
    const orderDate = new Date(day0 + (g % 700) * 86_400_000).toISOString().slice(0, 10);
    const verificationKey = key(g * 7919, Number(orderDate.slice(0, 4)));
    if (g % 100 === 0) keys.push(verificationKey);
    all.push({
      clientId: c, clientName: `Client ${c}`, clientEmail: `client${c}@exemple.fr`, username: `client${c}`,
      plan: plan.id, paymentMethod: method, paymentStatus: status,
      price: method === 'offert' ? '0.00' : plan.price.toFixed(2), creditCost: plan.creditCost.toFixed(2),
      orderDate, createdBy: 'admin', verificationKey, startsOn: null as string | null, endsOn: null as string | null,
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
    for (const period of chainSubscriptions(paid)) Object.assign(all[period.id - 1]!, { startsOn: period.startsOn, endsOn: period.endsOn });
  }
  for (let start = 0; start < all.length; start += batch) await db.insert(manualOrders).values(all.slice(start, start + batch));
  return keys;
}
