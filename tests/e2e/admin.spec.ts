import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN } from '../../playwright.config.ts';
import {
  createOrder,
  expectNoSeriousA11yViolations,
  searchOrders,
  staffSignIn,
  uniqueEmail,
  fromAnAddress,
  openSecretCode,
  openStaffMenu,
} from './fixtures.ts';
import { todayIso } from '#shared/format.ts';

// The copy buttons write to the clipboard; the tests read it back.
test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

/** Signed in as staff, the « Nouvelle commande » dialog open on the Commandes tab. */
async function openNewOrder(page: Page) {
  await staffSignIn(page);
  await page.getByRole('tab', { name: 'Commandes' }).click();
  await page.getByRole('button', { name: 'Nouvelle commande' }).click();
  return page.getByRole('dialog', { name: 'Nouvelle commande' });
}

test('[ADMIN][LOGIN] a wrong password is refused, the right one signs in and survives a reload', async ({ page }) => {
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Espace staff' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Both fields are required before anything is sent.
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByText("Le nom d'utilisateur est requis")).toBeVisible();
  await expect(page.getByText('Le mot de passe est requis')).toBeVisible();

  await page.getByLabel("Nom d'utilisateur").fill(E2E_ADMIN.username);
  await page.getByLabel('Mot de passe').fill('pas-le-bon-mot-de-passe');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.locator('form').getByText('Identifiants incorrects')).toBeVisible();
  await expect(page.getByText('Erreur de connexion')).toBeVisible();

  await page.getByLabel('Mot de passe').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByTestId('staff-username')).toHaveText(E2E_ADMIN.username);
  // An admin's eleven tabs, « Aide » included (Téléchargement comes once unlocked).
  await expect(page.getByRole('tab')).toHaveCount(11);

  // The session is the server's cookie: a reload keeps the staff signed in, and ?tab= keeps the tab.
  await page.getByRole('tab', { name: 'Commandes' }).click();
  await expect(page).toHaveURL(/\?tab=orders$/);
  await page.reload();
  await expect(page.getByTestId('staff-username')).toHaveText(E2E_ADMIN.username);
  await expect(page.getByRole('tab', { name: 'Commandes' })).toHaveAttribute('aria-selected', 'true');
});

test('[ADMIN][A11Y] the signed-in dashboard and the order dialog have no serious accessibility violation', async ({
  page,
}) => {
  await staffSignIn(page);
  await expect(page.getByRole('heading', { name: 'Tableau de bord' })).toBeVisible();
  await expect(page.getByText("Chiffre d'affaires").first()).toBeVisible();
  await expect(page.getByText('Taux de conversion')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  // The order form is where staff spend their day: scanned with its dialog open.
  await page.getByRole('tab', { name: 'Commandes' }).click();
  await page.getByRole('button', { name: 'Nouvelle commande' }).click();
  await expect(page.getByRole('dialog', { name: 'Nouvelle commande' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('[ADMIN][CLOCK] the header clock shows the date and time and ticks every second', async ({ page }) => {
  await page.clock.install({ time: new Date('2025-03-14T09:00:00+01:00') });
  await staffSignIn(page);
  // Paused at a known instant, then moved on by exactly one second: no real waiting, no race.
  await page.clock.pauseAt(new Date('2025-03-14T09:26:53+01:00'));
  const clock = page.getByTestId('live-clock');
  await expect(clock).toContainText('Vendredi 14 mars 2025');
  await expect(clock).toContainText('09:26:53');
  await page.clock.runFor(1000);
  await expect(clock).toContainText('09:26:54');
});

test('[ADMIN][CREATE_ORDER] creates a paid order with generated credentials, downloads its PDF and verifies its key', async ({
  page,
}) => {
  const name = `Jeanne Martin ${Date.now().toString(36)}`;
  const email = uniqueEmail('commande');
  const dialog = await openNewOrder(page);

  // docs/specification.md §5 defaults, price shown live.
  await expect(dialog.getByLabel('Plan')).toHaveValue('basique');
  await expect(dialog.getByLabel('Moyen de paiement')).toHaveValue('carte');
  await expect(dialog.getByLabel('Statut')).toHaveValue('paid');
  await expect(dialog.getByLabel('Date', { exact: true })).toHaveValue(todayIso());
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

test('[SPEC §2 §7][ADMIN][REFRESH] « Actualiser » reloads every list, those of the tabs left too, together', async ({
  page,
}) => {
  await staffSignIn(page);
  // The specification's five lists, each in its tab, and the dashboard's figures, opened first.
  const lists = [
    ['Commandes', '/api/admin/manual-orders'],
    ['Utilisateurs', '/api/admin/users'],
    ['Messages', '/api/admin/contacts'],
    ['Abonnements', '/api/admin/subscriptions'],
    ['Interventions', '/api/admin/interventions'],
  ] as const;
  for (const [tab, path] of lists) {
    const loaded = page.waitForResponse((r) => new URL(r.url()).pathname === path);
    await page.getByRole('tab', { name: tab }).click();
    expect((await loaded).status()).toBe(200);
  }

  // Only « Interventions » is on screen now; « Actualiser » asks the server for every list again.
  const asked = new Set<string>();
  page.on('request', (r) => asked.add(new URL(r.url()).pathname));
  await page.getByRole('button', { name: 'Actualiser' }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Données actualisées' })).toBeVisible();
  expect([...asked]).toEqual(expect.arrayContaining([...lists.map(([, path]) => path), '/api/admin/stats']));
});

test("[SPEC §2][ADMIN][MESSAGES] « Demandes d'inscription » and its empty state", async ({ page }) => {
  await staffSignIn(page);
  // Other tests leave requests behind: the list is answered empty, as on a new site.
  await page.route('**/api/admin/contacts?*', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', headers: { 'x-total-count': '0' }, body: '[]' }),
  );
  await page.getByRole('tab', { name: 'Messages' }).click();
  await expect(page.getByRole('heading', { name: "Demandes d'inscription" })).toBeVisible();
  await expect(page.getByRole('tabpanel').getByText("Aucune demande d'inscription")).toBeVisible();
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
  await card.getByRole('button', { name: 'Marquer payé' }).click();
  await expect(card.getByText('Payé', { exact: true })).toBeVisible();
  await expect(card.getByText(/^Facture n° \d{8}$/)).toBeVisible();
  // Invoiced: no way back to pending, a credit note instead.
  await expect(card.getByRole('button', { name: 'Marquer en attente' })).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Établir un avoir' })).toBeVisible();
  await card.getByText('Historique').click();
  await expect(card.getByText(/Statut : En attente → Payé/)).toBeVisible();
  await expect(card.getByText(/^Facture n° \d{8} du /).last()).toBeVisible();
});

test('[ADMIN][UNLOCK] a wrong code is refused, the right one adds the download tab; logout returns to sign-in', async ({
  page,
}) => {
  await staffSignIn(page);
  await expect(page.getByRole('tab')).toHaveCount(11);

  await openSecretCode(page);
  await page.getByLabel('Code secret').fill('mauvais-code');
  await page.getByRole('button', { name: 'Activer' }).click();
  await expect(page.locator('form').getByText('Le code secret saisi est invalide')).toBeVisible();
  await expect(page.getByText('Code incorrect')).toBeVisible();
  await expect(page.getByRole('tab')).toHaveCount(11);

  await page.getByLabel('Code secret').fill(E2E_ADMIN.secretCode);
  await page.getByRole('button', { name: 'Activer' }).click();
  await expect(page.getByRole('tab')).toHaveCount(12);
  await page.getByRole('tab', { name: 'Téléchargement' }).click();
  // « Génération en cours... » while a backup of another test runs on this server.
  await expect(
    page.getByRole('button', { name: /^(Télécharger le site complet|Génération en cours\.\.\.)$/ }),
  ).toBeVisible();

  // The backup itself (progress, download, archive): admin-backup.spec.ts.

  await openStaffMenu(page);
  await page.getByRole('button', { name: 'Déconnexion' }).click();
  await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
});

test('[ADMIN][SESSION] an expired session returns to the sign-in form with a notice', async ({ page, context }) => {
  await staffSignIn(page);
  // The server forgets nothing here: dropping the cookie is what an expired session looks like to the browser.
  await context.clearCookies();
  // « Actualiser » asks the server again. A request of the tabs still loading may meet the expired session first and
  // bring the sign-in form before the click: either way the form and its notice must come, so the click is made only
  // if the button is still there (a locator would wait for a button that is rightly gone).
  await page.evaluate(() =>
    [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Actualiser')?.click(),
  );
  await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
  await expect(page.getByText('Session expirée')).toBeVisible();
});

test('[ADMIN][MESSAGES] validates a registration into a client account, credentials shown once', async ({ page }) => {
  const email = uniqueEmail('inscription');
  const registered = await page.request.post('/api/register', {
    data: {
      firstName: 'Odile',
      lastName: 'Vasseur',
      email,
      phone: '06 11 22 33 44',
      planId: 'duo',
      deviceType: 'macbook',
      deviceInfo: 'MacBook Air de 2019',
      acceptCgv: true,
    },
  });
  expect(registered.status()).toBe(201);

  await staffSignIn(page);
  await page.getByRole('tab', { name: 'Messages' }).click();
  await page.getByLabel('Type').selectOption('registration');
  const card = page.getByRole('article').filter({ hasText: email });
  await expect(card.getByText('En attente', { exact: true })).toBeVisible();
  await expect(card.getByText('Duo (1 an)')).toBeVisible();
  await expect(card.getByText('MacBook (Air/Pro)')).toBeVisible();

  await card.getByRole('button', { name: 'Valider et créer le compte' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Valider et créer le compte' }).click();
  const created = page.getByRole('dialog', { name: /Compte créé/ });
  await expect(created.getByText('Mot de passe', { exact: true })).toBeVisible();
  await created.getByRole('button', { name: 'Copier le mot de passe' }).click();
  await expect.poll(() => clipboard(page)).not.toBe('');
  await created.getByRole('button', { name: 'Terminé' }).click();
  await expect(card.getByText('Répondu', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Valider et créer le compte' })).toHaveCount(0);
});

test('[ADMIN][USERS] finds a customer by e-mail with their figures and orders, and lists their subscriptions', async ({
  page,
}) => {
  const email = uniqueEmail('client');
  await staffSignIn(page);
  for (const plan of ['standard', 'famille']) {
    const res = await page.request.post('/api/admin/manual-orders', {
      data: {
        clientName: 'Roger Carpentier',
        clientEmail: email,
        plan,
        paymentMethod: plan === 'famille' ? 'offert' : 'virement',
        paymentStatus: 'paid',
        orderDate: todayIso(),
      },
    });
    expect(res.status()).toBe(201);
  }
  await page.getByRole('tab', { name: 'Utilisateurs' }).click();
  await page.getByLabel('Rechercher un client').fill(email);
  const list = page.getByRole('list', { name: 'Clients' });
  await expect(list.getByRole('button')).toHaveCount(1);
  await list.getByRole('button').click();
  const detail = page.getByRole('region', { name: 'Roger Carpentier' });
  await expect(detail.getByText('25 €')).toBeVisible();
  await expect(detail.getByText('3,3')).toBeVisible();
  await expect(detail.getByText('2 commandes')).toBeVisible();
  await expect(detail.getByText('OFFERT', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Réinitialiser' }).click();
  await expect(page.getByLabel('Rechercher un client')).toHaveValue('');

  // Both paid orders are subscriptions: the first runs from today, the second is chained after it.
  await page.getByRole('tab', { name: 'Abonnements' }).click();
  const rows = page.getByRole('list', { name: 'Abonnements' }).getByRole('listitem').filter({ hasText: email });
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'Standard' }).getByText('Actif', { exact: true })).toBeVisible();
  await expect(rows.filter({ hasText: 'Famille' }).getByText('À venir', { exact: true })).toBeVisible();
});

test('[ADMIN][INTERVENTIONS] takes a client’s intervention in hand, then completes it with its duration', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('intervention');
  await staffSignIn(page);
  // A client with credentials, who then asks for help from the client area.
  const suggested = (await (
    await page.request.get('/api/admin/credentials/suggest?name=Yvette%20Marchand')
  ).json()) as { username: string; password: string };
  const order = await page.request.post('/api/admin/manual-orders', {
    data: {
      clientName: 'Yvette Marchand',
      clientEmail: email,
      username: suggested.username,
      password: suggested.password,
      plan: 'pro',
      paymentMethod: 'carte',
      paymentStatus: 'paid',
      orderDate: todayIso(),
    },
  });
  expect(order.status()).toBe(201);
  expect(
    (
      await request.post('/api/client/login', {
        data: { username: suggested.username, password: suggested.password },
        headers: fromAnAddress(),
      })
    ).ok(),
  ).toBe(true);
  const asked = await request.post('/api/client/interventions', {
    data: {
      description: `Imprimante hors ligne ${email}`,
      urgency: 'high',
      deviceType: 'pc_windows',
      deviceInfo: 'Dell Inspiron 15',
    },
  });
  expect(asked.ok()).toBe(true);

  await page.getByRole('tab', { name: 'Interventions' }).click();
  const card = page.getByRole('article').filter({ hasText: email });
  await expect(card.getByText('En attente', { exact: true })).toBeVisible();
  await expect(card.getByText('Urgence : Élevée')).toBeVisible();
  await card.getByRole('button', { name: 'Prendre en charge' }).click();
  await expect(card.getByText('En cours', { exact: true })).toBeVisible();

  await card.getByRole('button', { name: 'Terminer' }).click();
  await card.getByLabel('Durée (minutes)').fill('45');
  await card.getByRole('button', { name: 'Confirmer la fin' }).click();
  await expect(card.getByText('Terminée', { exact: true })).toBeVisible();
  await expect(card.getByText('45 min')).toBeVisible();
});
