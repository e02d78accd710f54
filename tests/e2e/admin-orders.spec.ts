import { expect, test, type Page } from '@playwright/test';
import { createOrder, exactlyOneOf, searchOrders, shot, staffSignIn, uniqueEmail } from './fixtures.ts';
import { clipboard, CLIPBOARD_ACCESS } from './admin-fixtures.ts';
import { todayIso } from '#shared/format.ts';

test.use(CLIPBOARD_ACCESS);

/** Signed in as staff, the « Nouvelle commande » dialog open on the Commandes tab. */
async function openNewOrder(page: Page) {
  await staffSignIn(page);
  await page.getByRole('tab', { name: 'Commandes' }).click();
  await page.getByRole('button', { name: 'Nouvelle commande' }).click();
  return page.getByRole('dialog', { name: 'Nouvelle commande' });
}

test('[ADMIN][CREATE_ORDER] creates a paid order with generated credentials, downloads its PDF and verifies its key', async ({
  page,
}) => {
  const name = `Jeanne Martin ${Date.now().toString(36)}`;
  const email = uniqueEmail('commande');
  const before = todayIso();
  const dialog = await openNewOrder(page);

  // docs/specification.md §5 defaults, price shown live.
  await expect(dialog.getByLabel('Plan')).toHaveValue('basique');
  await expect(dialog.getByLabel('Moyen de paiement')).toHaveValue('carte');
  await expect(dialog.getByLabel('Statut')).toHaveValue('paid');
  await expect(dialog.getByLabel('Date', { exact: true })).toHaveValue(exactlyOneOf(before, todayIso()));
  await expect(dialog.getByTestId('order-price')).toHaveText('Prix : 10,00 €');
  await dialog.getByLabel('Moyen de paiement').selectOption('offert');
  await expect(dialog.getByTestId('order-price')).toHaveText('OFFERT');
  await dialog.getByLabel('Moyen de paiement').selectOption('carte');

  // The same schema as the server: errors under the fields, nothing sent.
  await dialog.getByRole('button', { name: 'Créer la commande' }).click();
  await expect(dialog.getByText('Le nom du client est requis')).toBeVisible();
  await expect(dialog.getByText('Email invalide')).toBeVisible();

  await dialog.getByLabel('Nom du client').fill(name);
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByLabel('Téléphone').fill('06 12 34 56 78');
  await dialog.getByRole('button', { name: 'Générer' }).click();
  await expect(dialog.getByLabel("Nom d'utilisateur")).not.toHaveValue('');
  await expect(dialog.getByRole('textbox', { name: 'Mot de passe', exact: true })).not.toHaveValue('');
  const username = await dialog.getByLabel("Nom d'utilisateur").inputValue();
  const password = await dialog.getByRole('textbox', { name: 'Mot de passe', exact: true }).inputValue();
  await dialog.getByLabel('Plan').selectOption('pro');
  await expect(dialog.getByTestId('order-price')).toHaveText('Prix : 50,00 €');
  await dialog.getByLabel('Notes').fill('Commande de test');
  await dialog.getByRole('button', { name: 'Créer la commande' }).click();

  // The credentials are shown once, with copy buttons.
  const created = page.getByRole('dialog', { name: /Commande n° \d+ créée/ });
  await expect(created).toBeVisible();
  await expect(page.getByText('Commande créée')).toBeVisible();
  const title = await created.getByRole('heading').first().textContent();
  const id = Number(/n° (\d+)/.exec(title ?? '')?.[1]);
  expect(id).toBeGreaterThan(0);
  await expect(created.getByText(username, { exact: true })).toBeVisible();
  await expect(created.getByText(password, { exact: true })).toBeVisible();
  await expect(created.getByText('/client/login')).toBeVisible();
  await created.getByRole('button', { name: "Copier le nom d'utilisateur" }).click();
  await expect.poll(() => clipboard(page)).toBe(username);
  await created.getByRole('button', { name: 'Copier le mot de passe' }).click();
  await expect.poll(() => clipboard(page)).toBe(password);
  await created.getByRole('button', { name: 'Terminé' }).click();
  await expect(created).toBeHidden();

  // The history shows the order, paid, with the username but never the password.
  await searchOrders(page, email);
  const card = page.getByTestId(`order-${id}`);
  await expect(card).toBeVisible();
  await expect(card.getByText('Payé', { exact: true })).toBeVisible();
  await expect(card.getByText(name)).toBeVisible();
  await expect(card.getByText(username, { exact: true })).toBeVisible();
  await expect(card.getByText('••••••')).toBeVisible();
  await expect(card.getByText(password)).toHaveCount(0);
  await expect(card.getByText('Identifiants valables sur /client/login')).toBeVisible();
  await expect(card.getByText('Commande de test')).toBeVisible();

  const downloadPromise = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Télécharger PDF' }).click();
  const download = await downloadPromise;
  // The invoice issued with the paid order, under its own number.
  const number = /\d{8}/.exec((await card.getByText(/^Facture n° \d{8}$/).textContent())!)![0];
  expect(download.suggestedFilename()).toBe(`Facture_${number}_${name}.pdf`);
  await expect(page.getByText('PDF généré')).toBeVisible();

  // The verification key leads to this invoice on the public page.
  const key = (await card.getByText(/^RFS-[A-Z0-9]{6}-\d{4}$/).textContent())!;
  await page.goto('/verify-invoice');
  // « Vérifier » is enabled once the page has hydrated: a key typed and sent before that would go nowhere.
  await expect(page.getByRole('button', { name: 'Vérifier' })).toBeEnabled();
  await page.getByRole('textbox').first().fill(key);
  await page.getByRole('textbox').first().press('Enter');
  await expect(page.getByText(number)).toBeVisible();
  await expect(page.getByText(name)).toBeVisible();
});

test('[ADMIN][CREATE_ORDER] an order whose answer was lost, sent again, is created once', async ({ page }) => {
  const name = `Lucie Reprise ${Date.now().toString(36)}`;
  const email = uniqueEmail('reprise');
  const dialog = await openNewOrder(page);
  await dialog.getByLabel('Nom du client').fill(name);
  await dialog.getByLabel('E-mail').fill(email);

  // The first creation reaches the server, which makes the order; its answer is lost on the way back.
  let cut = true;
  await page.route('**/api/admin/manual-orders', async (route) => {
    if (route.request().method() !== 'POST' || !cut) return route.fallback();
    cut = false;
    await route.fetch();
    await route.abort('connectionreset');
  });
  await dialog.getByRole('button', { name: 'Créer la commande' }).click();
  await expect(page.getByText('Impossible de créer la commande')).toBeVisible();
  await expect(dialog.getByLabel('Nom du client')).toHaveValue(name);

  // Staff try again: the server recognises the same order instead of making a second one.
  await dialog.getByRole('button', { name: 'Créer la commande' }).click();
  await expect(page.getByText('Commande déjà créée')).toBeVisible();
  await expect(dialog).toBeHidden();
  await page.getByLabel('Rechercher une commande').fill(email);
  const cards = page.locator('[data-testid^="order-"]').filter({ hasText: name });
  await expect(cards).toHaveCount(1);
});

test('[SPEC §2 §8][ADMIN][ORDERS] empty search, a failed PDF and a failed reload say what the spec says', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('pdf-echoue');
  await createOrder(request, { clientName: 'Hélène Roux', clientEmail: email, plan: 'standard' });
  await staffSignIn(page);
  await page.getByRole('tab', { name: 'Commandes' }).click();
  await page.getByLabel('Rechercher une commande').fill(`personne-${email}`);
  await expect(page.getByRole('tabpanel').getByText('Aucune commande trouvée')).toBeVisible();

  await searchOrders(page, email);
  // Ordered without credentials: both show « Non généré ».
  await expect(page.getByRole('tabpanel').getByText('Non généré')).toHaveCount(2);
  await page.route('**/api/admin/manual-orders/*/receipt', (route) =>
    route.fulfill({ status: 500, contentType: 'text/plain', body: '' }),
  );
  await page.getByRole('tabpanel').getByRole('button', { name: 'Télécharger PDF' }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Impossible de générer le PDF' })).toBeVisible();

  await page.route('**/api/admin/manual-orders?*', (route) =>
    route.fulfill({ status: 500, contentType: 'text/plain', body: '' }),
  );
  await page.getByRole('button', { name: 'Actualiser' }).click();
  await expect(
    page.locator('[data-sonner-toast]').filter({ hasText: 'Impossible de charger les données' }),
  ).toBeVisible();
});

test('[ADMIN][ORDER_STATUS] marks a pending order paid: its invoice is issued, and its history records both', async ({
  page,
}) => {
  const name = `Paul Durand ${Date.now().toString(36)}`;
  const email = uniqueEmail('statut');
  const dialog = await openNewOrder(page);
  await dialog.getByLabel('Nom du client').fill(name);
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByLabel('Statut').selectOption('pending');
  await dialog.getByRole('button', { name: 'Créer la commande' }).click();
  // Without credentials the dialog closes at once.
  await expect(dialog).toBeHidden();

  await searchOrders(page, email);
  const card = page.getByRole('article').filter({ hasText: email });
  await expect(card.getByText('En attente', { exact: true })).toBeVisible();
  await expect(card.getByText(/Pas encore de facture/)).toBeVisible();
  // Paid means invoiced, which no click takes back: asked first, and « Annuler » leaves the order as it was.
  await card.getByRole('button', { name: 'Marquer payé' }).click();
  const confirm = page.getByRole('alertdialog', { name: /Marquer payée la commande n° \d+ \?/ });
  await expect(confirm).toContainText(`Sa facture est émise et envoyée à ${email}`);
  await confirm.getByRole('button', { name: 'Annuler' }).click();
  await expect(confirm).toBeHidden();
  await expect(card.getByText('En attente', { exact: true })).toBeVisible();
  await expect(card.getByText(/Pas encore de facture/)).toBeVisible();
  await card.getByRole('button', { name: 'Marquer payé' }).click();
  await confirm.getByRole('button', { name: 'Marquer payé et facturer' }).click();
  await expect(card.getByText('Payé', { exact: true })).toBeVisible();
  await expect(card.getByText(/^Facture n° \d{8}$/)).toBeVisible();
  // Invoiced: no way back to pending, a credit note instead.
  await expect(card.getByRole('button', { name: 'Marquer en attente' })).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Établir un avoir' })).toBeVisible();
  await card.getByText('Historique').click();
  await expect(card.getByText(/Statut : En attente → Payé/)).toBeVisible();
  await expect(card.getByText(/^Facture n° \d{8} du /).last()).toBeVisible();
});

test('[ADMIN][ORDERS] « Paiement » narrows the list to the orders waiting for their payment, with the search', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('relance');
  await createOrder(request, { clientName: 'Marc Payé', clientEmail: email, plan: 'standard' });
  await createOrder(request, {
    clientName: 'Marc Attente',
    clientEmail: email,
    plan: 'standard',
    paymentStatus: 'pending',
  });
  await staffSignIn(page);
  await page.getByRole('tab', { name: 'Commandes' }).click();
  await searchOrders(page, email, 2);

  const panel = page.getByRole('tabpanel');
  await page.getByLabel('Paiement').selectOption('pending');
  await expect(panel.getByText('1 commande', { exact: true })).toBeVisible();
  await expect(panel.getByRole('article')).toHaveCount(1);
  await expect(panel.getByRole('article')).toContainText('Marc Attente');
  await shot(page, 'admin-orders-pending');

  await page.getByLabel('Paiement').selectOption('paid');
  await expect(panel.getByRole('article')).toHaveCount(1);
  await expect(panel.getByRole('article')).toContainText('Marc Payé');
  await page.getByLabel('Paiement').selectOption('');
  await expect(panel.getByText('2 commandes', { exact: true })).toBeVisible();
});
