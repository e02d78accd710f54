import { expect, test } from '@playwright/test';
import {
  WIDTHS,
  createClient,
  daysFromToday,
  openClientPage,
  reloadClientPage,
  signInToDashboard,
} from './client-fixtures.ts';
import { expectNoSeriousA11yViolations, monthChangesWithin, shot } from './fixtures.ts';
import type { OrderDto } from '#shared/orders/order-api.ts';

/** The way to the sign-in page, whatever page it names to come back to (?retour=). */
const toSignIn = (url: URL) => url.pathname === '/api/login';

const PHONE = WIDTHS[0].viewport;

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  test('[CLIENT][SUBSCRIPTION] near its end, « Renouveler » orders the same plan, which then waits for payment', async ({
    page,
    request,
  }) => {
    // A 3-month plan that started 80 days ago ends in about ten days.
    const client = await createClient(request, 'standard', { orderDate: daysFromToday(-80) });
    await signInToDashboard(page, client.username, client.password);
    const card = page.getByRole('region', { name: 'Mon abonnement' });
    await expect(card.getByText(/^Votre abonnement se termine le \d{2}\/\d{2}\/\d{4}\.$/)).toBeVisible();

    await card.getByRole('button', { name: 'Renouveler' }).click();
    const confirm = page.getByRole('dialog', { name: 'Renouveler la formule Standard ?' });
    await expect(confirm).toContainText('25,00 € pour 3 mois');
    await confirm.getByRole('checkbox', { name: /J’ai lu et j’accepte/ }).check();
    await confirm.getByRole('button', { name: 'Renouveler' }).click();
    await expect(page.getByText('Abonnement créé')).toBeVisible();
    await expect(page.getByText('Votre abonnement a été créé avec succès !')).toBeVisible();
    await expect(card.getByTestId('pending-order')).toContainText('Standard');
    await expect(card.getByTestId('pending-order')).toContainText('en attente de paiement');
    await expect(card.getByRole('button', { name: 'Renouveler' })).toHaveCount(0);

    // Staff find it in « Commandes », waiting for payment; the client still sees it after a reload.
    const orders = (await (
      await request.get(`/api/admin/manual-orders?email=${encodeURIComponent(client.email)}`)
    ).json()) as OrderDto[];
    expect(orders.map((o) => [o.plan, o.paymentStatus])).toContainEqual(['standard', 'pending']);
    await reloadClientPage(page);
    await expect(card.getByTestId('pending-order')).toContainText('en attente de paiement');
  });
});

test("[CLIENT][SUBSCRIPTION] the reminder e-mail's link opens the renewal of its plan, even weeks before the end", async ({
  page,
  request,
}) => {
  // A year-long plan that ends in about 40 days: outside the usual renewal window.
  const client = await createClient(request, 'pro', { orderDate: daysFromToday(-325) });
  await signInToDashboard(page, client.username, client.password);
  await expect(page.getByRole('button', { name: 'Renouveler' })).toHaveCount(0);
  await openClientPage(page, '/dashboard?renouveler=pro');
  const confirm = page.getByRole('dialog', { name: 'Renouveler la formule Pro ?' });
  await expect(confirm).toContainText('50,00 €');
  await confirm.getByRole('checkbox', { name: /J’ai lu et j’accepte/ }).check();
  await confirm.getByRole('button', { name: 'Renouveler' }).click();
  await expect(page.getByText('Abonnement créé')).toBeVisible();
  await expect(page.getByTestId('pending-order')).toContainText('Pro');
});

test('[CLIENT][SUBSCRIPTION] « Changer de formule » orders another plan from the catalogue', async ({
  page,
  request,
}) => {
  const client = await createClient(request, 'standard', { orderDate: daysFromToday(-80) });
  await signInToDashboard(page, client.username, client.password);
  await page.getByRole('button', { name: 'Changer de formule' }).click();
  const dialog = page.getByRole('dialog', { name: 'Changer de formule' });
  await expect(dialog.getByRole('button', { name: 'Renouveler la formule Standard' })).toBeVisible();
  await dialog.getByRole('radio', { name: /Famille/ }).check();
  await dialog.getByRole('checkbox', { name: /J’ai lu et j’accepte/ }).check();
  await dialog.getByRole('button', { name: 'Commander la formule Famille' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Abonnement créé')).toBeVisible();
  await expect(page.getByTestId('pending-order')).toContainText('Famille');
});

test('[CLIENT][SUBSCRIPTION] without a subscription: « Aucun abonnement actif », the offers, and interventions refused with the reason', async ({
  page,
  request,
}) => {
  const client = await createClient(request, 'basique', { orderDate: '2020-01-01' });
  await signInToDashboard(page, client.username, client.password);
  const card = page.getByRole('region', { name: 'Mon abonnement' });
  await expect(card.getByText('Aucun abonnement actif')).toBeVisible();
  await expect(card.getByText('Actif', { exact: true })).toHaveCount(0);
  await expect(page.getByTestId('no-subscription')).toContainText('choisissez une formule');

  await page.getByRole('button', { name: 'Demander une assistance' }).click();
  await expect(page.getByText('Erreur', { exact: true })).toBeVisible();
  await expect(page.getByText(/Aucun abonnement actif : choisissez une formule/)).toBeVisible();

  await card.getByRole('link', { name: 'Voir nos offres' }).click();
  const offers = page.getByRole('region', { name: 'Nos offres' });
  await expect(offers).toBeInViewport();
  // The last plan is preselected for a renewal; another can be picked.
  await expect(offers.getByRole('button', { name: 'Renouveler la formule Basique' })).toBeVisible();
  await offers.getByRole('radio', { name: /Pro/ }).check();
  await offers.getByRole('checkbox', { name: /J’ai lu et j’accepte/ }).check();
  await expectNoSeriousA11yViolations(page);
  await offers.getByRole('button', { name: 'Commander la formule Pro' }).click();
  await expect(page.getByText('Votre abonnement a été créé avec succès !')).toBeVisible();
  await expect(card.getByTestId('pending-order')).toContainText('Pro');
  await expect(offers).toHaveCount(0);
  // The offers are gone: nothing points to them any more; the client is told to wait for the payment instead.
  await expect(card.getByRole('link', { name: 'Voir nos offres' })).toHaveCount(0);
  await expect(card.getByText('Votre abonnement démarrera dès que votre paiement sera confirmé.')).toBeVisible();
  await expect(page.getByTestId('no-subscription')).toHaveCount(0);
  await expect(page.getByTestId('awaiting-payment')).toContainText(
    'vous pourrez demander une assistance dès qu’il sera confirmé',
  );
  await expectNoSeriousA11yViolations(page);

  // « Créer une demande » says so before anything is typed, rather than refusing the text once written.
  await openClientPage(page, '/client/demandes');
  await page.getByRole('button', { name: 'Créer une demande' }).click();
  const dialog = page.getByRole('dialog', { name: 'Créer une demande' });
  await expect(dialog.getByTestId('awaiting-payment')).toBeVisible();
  await expect(dialog.getByLabel('Décrivez votre problème')).toHaveCount(0);
  await shot(page, 'client-request-awaiting-payment');
  await dialog.getByRole('button', { name: 'J’ai compris' }).click();
  await expect(dialog).toBeHidden();
});

test('[SPEC §8][CLIENT][SUBSCRIPTION] choosing a plan once the session has ended says « Erreur »: « Vous devez être connecté pour vous abonner », then sign-in', async ({
  page,
  request,
}) => {
  const client = await createClient(request, 'basique', { orderDate: '2020-01-01' });
  await signInToDashboard(page, client.username, client.password);
  const offers = page.getByRole('region', { name: 'Nos offres' });
  await offers.getByRole('radio', { name: /Pro/ }).check();
  // Everything on the page has loaded, so only the order meets the ended session.
  await page.waitForLoadState('networkidle');
  // The session ends elsewhere (another tab signed out, or it expired) while the offers are on screen.
  expect((await page.request.post('/api/client/logout')).status()).toBe(200);
  // The way out is answered 204 (the browser stays): the toast is read without a race against its 500 ms.
  await page.route(toSignIn, (route) => route.fulfill({ status: 204 }));
  const leaving = page.waitForRequest((r) => r.isNavigationRequest() && new URL(r.url()).pathname === '/api/login');
  const ordered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/subscriptions');
  await offers.getByRole('checkbox', { name: /J’ai lu et j’accepte/ }).check();
  await offers.getByRole('button', { name: 'Commander la formule Pro' }).click();
  expect((await ordered).status()).toBe(401);
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Erreur' });
  await expect(toast).toContainText('Erreur');
  await expect(toast).toContainText('Vous devez être connecté pour vous abonner');
  await expect(page.getByText('Abonnement créé')).toHaveCount(0);
  await leaving;

  // Then for real: /api/login leads to the client sign-in page.
  await page.unroute(toSignIn);
  await page.goto('/api/login');
  await expect(page).toHaveURL(/\/client\/login$/);
});

test("[CLIENT][SUBSCRIPTION] once the month's interventions are used, the dashboard says so and shows the server's reason", async ({
  page,
  request,
}) => {
  test.skip(monthChangesWithin(15), 'the month changes in Paris during the test: its monthly count starts again');
  const client = await createClient(request, 'basique');
  await signInToDashboard(page, client.username, client.password);
  for (let i = 0; i < 3; i++) expect((await page.request.post('/api/interventions', { data: {} })).status()).toBe(201);
  await reloadClientPage(page);
  await expect(page.getByTestId('allowance')).toHaveText('3 / 3');
  await expect(page.getByTestId('allowance-used')).toContainText(
    'Vous avez utilisé les 3 interventions de votre formule ce mois-ci.',
  );
  await page.getByRole('button', { name: 'Demander une assistance' }).click();
  await expect(page.getByText('Erreur', { exact: true })).toBeVisible();
  await expect(
    page.getByText(/Vous avez atteint le nombre d'interventions inclus dans votre formule ce mois-ci/),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: /Historique des interventions/ }).getByRole('listitem')).toHaveCount(3);
});

test('[CLIENT][SUBSCRIPTION] far from its end, a subscription offers no renewal', async ({ page, request }) => {
  const client = await createClient(request, 'pro');
  await signInToDashboard(page, client.username, client.password);
  const card = page.getByRole('region', { name: 'Mon abonnement' });
  await expect(card.getByTestId('plan-name')).toHaveText('Pro');
  await expect(card.getByTestId('allowance')).toHaveText('Illimitées');
  await expect(card.getByRole('button', { name: 'Renouveler' })).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Changer de formule' })).toHaveCount(0);
});
