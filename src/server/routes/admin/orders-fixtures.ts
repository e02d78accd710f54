import { clients, orders } from '#server/db/schema.ts';
import { staffTestApp } from '#server/test/fixtures.ts';

/**
 * An app with a signed-in staff member for the manual-order tests, and what they ask of it: a raw order post, the
 * count of orders and clients, and the credentials e-mails sent.
 */
export function manualOrdersTestApp() {
  const { t, staff } = staffTestApp();
  const post = (payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/admin/manual-orders', headers: staff, payload: payload as object });
  const counts = async () => ({ orders: await t.db.$count(orders), clients: await t.db.$count(clients) });
  // A paid order also sends its invoice: these tests are about the credentials.
  const credentialsMails = () => t.mailer.sent.filter((m) => m.subject === 'Vos identifiants RFS Assistance');
  return { t, staff, post, counts, credentialsMails };
}
