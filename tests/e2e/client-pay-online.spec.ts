import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, request as playwrightRequest, test, type APIRequestContext } from '@playwright/test';
import { E2E_ADMIN } from '../../playwright.config.ts';
import { startStripeStandIn } from '#server/test/stripe-stand-in.ts';
import { formatDate, todayIso } from '#shared/format.ts';
import { addDays, periodEndsOn } from '#server/services/calendar/paris-calendar.ts';
import { createOrder, searchOrders, shot, staffSignIn, uniqueEmail } from './fixtures.ts';
import { daysFromToday, signInToDashboard, WIDTHS } from './client-fixtures.ts';

// Online payment is off on the shared e2e server: this file runs its own, with the Stripe settings, pointed at a
// local stand-in of the provider (its page, its API and its signed webhook).
const PORT = Number(process.env.E2E_PORT ?? 3100) + 57;
const BASE = `http://127.0.0.1:${PORT}`;
const WEBHOOK_SECRET = 'whsec_e2epayonline0123456';

test.use({ baseURL: BASE });
test.describe.configure({ mode: 'serial' });

let server: ChildProcess;
let standIn: Awaited<ReturnType<typeof startStripeStandIn>>;
let dataDir: string;
let api: APIRequestContext;
/** The last order paid by the tests above, for staff to look at. */
let paidOnline: { id: number; email: string } | undefined;

test.beforeAll(async () => {
  standIn = await startStripeStandIn();
  dataDir = await mkdtemp(path.join(tmpdir(), 'rfs-pay-e2e-'));
  const dist = process.env.RFS_DIST ?? 'dist';
  server = spawn(process.execPath, [path.join(dist, 'server', 'main.js')], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: BASE,
      LOG_LEVEL: 'warn',
      ADMIN_USERNAME: E2E_ADMIN.username,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      SESSION_SECRET: 'e2e-session-secret-0123456789',
      STRIPE_SECRET_KEY: 'sk_test_51E2ePayOnline',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: standIn.url,
    },
  });
  standIn.deliverTo(`${BASE}/api/payments/stripe/webhook`, WEBHOOK_SECRET);
  api = await playwrightRequest.newContext({ baseURL: BASE });
  // Waits for the server to answer (a state), however long its start takes on this machine.
  await expect.poll(async () => (await api.get('/healthz').catch(() => null))?.status(), { timeout: 60_000 }).toBe(200);
});

test.afterAll(async () => {
  await api?.dispose();
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  await standIn?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

for (const { name, viewport } of WIDTHS) {
  test(`[CLIENT][PAY_ONLINE] pays a pending renewal by card, the signed webhook arrives, the new period and invoice show (${name})`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    // A running Basique month, and its renewal waiting for payment.
    const email = uniqueEmail('carte');
    const client = { username: email.replace(/@.*/, '').replace(/\./g, '-'), password: 'motdepasse-carte-1' };
    const startedOn = daysFromToday(-20);
    await createOrder(api, {
      clientName: 'Camille Carte',
      clientEmail: email,
      ...client,
      plan: 'basique',
      orderDate: startedOn,
      paymentMethod: 'virement',
    });
    const renewal = await createOrder(api, {
      clientName: 'Camille Carte',
      clientEmail: email,
      plan: 'basique',
      orderDate: todayIso(),
      paymentStatus: 'pending',
    });
    paidOnline = { id: renewal.id, email };

    await signInToDashboard(page, client.username, client.password);
    const pending = page.getByTestId('pending-order');
    await expect(pending).toContainText('Réglez-la en ligne par carte bancaire');
    await shot(page, `pay-online-pending-${name}`);
    await pending.getByRole('button', { name: 'Payer en ligne' }).click();

    // The provider's page (the stand-in): the amount is the order's, whatever the page could have sent.
    await expect(page).toHaveURL(new RegExp(`^${standIn.url}/pay/cs_test_`));
    await expect(page.getByText('Montant : 10 EUR')).toBeVisible();
    await page.getByRole('button', { name: 'Payer' }).click();

    await expect(page).toHaveURL(/\/dashboard\?paiement=retour&commande=\d+$/);
    await expect(page.getByTestId('payment-return')).toContainText('Paiement reçu');
    const nextStart = addDays(periodEndsOn(startedOn, 1), 1);
    await expect(page.getByText(`Ensuite : Basique, du ${formatDate(nextStart)}`)).toBeVisible();
    await expect(page.getByTestId('pending-order')).toHaveCount(0);
    // Both invoices are on « Mes factures ».
    await page.getByRole('navigation', { name: 'Espace client' }).getByRole('link', { name: 'Mes factures' }).click();
    await expect(page.getByRole('link', { name: /^Télécharger la facture/ })).toHaveCount(2);
    await shot(page, `pay-online-paid-${name}`);
  });
}

test("[ADMIN][PAY_ONLINE] staff see how the order was paid and the provider's reference", async ({ page }) => {
  test.skip(!paidOnline, 'needs the payment above');
  await staffSignIn(page);
  await page.getByRole('tab', { name: 'Commandes' }).click();
  await searchOrders(page, paidOnline!.email, 2);
  const card = page.getByTestId(`order-${paidOnline!.id}`);
  await expect(card.getByText('Payé', { exact: true })).toBeVisible();
  await expect(card.getByText('Carte (en ligne)')).toBeVisible();
  await expect(card.getByText(/^pi_test_cs_test_/)).toBeVisible();
  await expect(card.getByRole('link', { name: /Voir dans Stripe/ })).toHaveAttribute(
    'href',
    /^https:\/\/dashboard\.stripe\.com\/test\/payments\/pi_test_/,
  );
  await shot(card, 'pay-online-staff-order');
});

for (const { name, viewport } of WIDTHS) {
  test(`[ADMIN][PAY_ONLINE] a credit note refunds part of the card payment through the provider (${name})`, async ({
    page,
  }) => {
    test.skip(!paidOnline, 'needs the payment above');
    await page.setViewportSize(viewport);
    await staffSignIn(page);
    await page.getByRole('tab', { name: 'Commandes' }).click();
    await searchOrders(page, paidOnline!.email, 2);
    const card = page.getByTestId(`order-${paidOnline!.id}`);
    await card.getByRole('button', { name: 'Établir un avoir' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Montant de l’avoir (€ TTC)').fill('1');
    await dialog.getByLabel('Rembourser la carte via Stripe').check();
    await shot(page, `refund-dialog-${name}`);
    const refunds = standIn.requests.filter((r) => r.path === '/v1/refunds').length;
    await dialog.getByRole('button', { name: 'Émettre l’avoir' }).click();
    await expect(dialog).toBeHidden();
    await expect(card.getByText(/^re_test_standin_/).last()).toBeVisible();
    await expect(card.getByText('Remboursé sur la carte via Stripe').first()).toBeVisible();
    const sent = standIn.requests.filter((r) => r.path === '/v1/refunds');
    expect(sent).toHaveLength(refunds + 1);
    expect(sent.at(-1)!.form.get('amount')).toBe('100');
    expect(sent.at(-1)!.form.get('payment_intent')).toMatch(/^pi_test_cs_test_/);
    await shot(card, `refund-staff-order-${name}`);
  });
}
