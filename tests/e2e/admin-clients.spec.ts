import { expect, test, type Page } from '@playwright/test';
import { searchOrders, shot, staffSignIn, uniqueEmail, fromAnAddress, newestRequestsFirst } from './fixtures.ts';
import { clipboard, CLIPBOARD_ACCESS } from './admin-fixtures.ts';
import { todayIso } from '#shared/format.ts';

test.use(CLIPBOARD_ACCESS);

/** A person registers from the site; staff open « Messages » on the registrations: the card of that registration. */
async function registrationInInbox(page: Page, person: Record<string, string>) {
  const registered = await page.request.post('/api/register', { data: { ...person, acceptCgv: true } });
  expect(registered.status()).toBe(201);
  await staffSignIn(page);
  await page.getByRole('tab', { name: 'Messages' }).click();
  await page.getByLabel('Type').selectOption('registration');
  return page.getByRole('article').filter({ hasText: person.email! });
}

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

test('[ADMIN][MESSAGES] validates a registration into a client account, credentials shown once', async ({ page }) => {
  const email = uniqueEmail('inscription');
  const card = await registrationInInbox(page, {
    firstName: 'Odile',
    lastName: 'Vasseur',
    email,
    phone: '06 11 22 33 44',
    planId: 'duo',
    deviceType: 'macbook',
    deviceInfo: 'MacBook Air de 2019',
  });
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

test('[ADMIN][MESSAGES] a validated registration leads to its order, with what the person wrote', async ({ page }) => {
  const email = uniqueEmail('commande');
  const card = await registrationInInbox(page, {
    firstName: 'Lucien',
    lastName: 'Marchal',
    email,
    phone: '06 55 44 33 22',
    planId: 'famille',
    deviceType: 'windows-laptop',
    deviceInfo: 'Portable HP',
  });
  await card.getByRole('button', { name: 'Valider et créer le compte' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Valider et créer le compte' }).click();
  const created = page.getByRole('dialog', { name: /Compte créé/ });
  const username = await created.getByRole('definition').first().textContent();
  await created.getByRole('button', { name: 'Créer sa commande' }).click();

  // The order starts with the registration: nothing to type again but how it is paid.
  const order = page.getByRole('dialog', { name: 'Nouvelle commande' });
  await expect(order.getByLabel('Nom du client')).toHaveValue('Lucien Marchal');
  await expect(order.getByLabel('E-mail')).toHaveValue(email);
  await expect(order.getByLabel('Téléphone')).toHaveValue('06 55 44 33 22');
  await expect(order.getByLabel('Plan')).toHaveValue('famille');
  await shot(page, 'admin-order-from-registration');
  await order.getByLabel('Statut').selectOption('pending');
  await order.getByRole('button', { name: 'Créer la commande' }).click();
  // The account exists: no new credentials, the dialog closes.
  await expect(order).toBeHidden();

  // The order belongs to the account just made, and the registration offers it again should staff come back.
  await expect(card.getByRole('button', { name: 'Créer sa commande' })).toBeVisible();
  await page.getByRole('tab', { name: 'Commandes' }).click();
  await searchOrders(page, email);
  const placed = page.getByRole('article').filter({ hasText: email });
  await expect(placed).toContainText('Famille');
  await expect(placed).toContainText(username!.trim());
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
  await newestRequestsFirst(page);
  const card = page.getByRole('article').filter({ hasText: email });
  await expect(card.getByText('En attente', { exact: true })).toBeVisible();
  await expect(card.getByText('Urgence : Élevée')).toBeVisible();
  // Cancelling e-mails the client and cannot be undone: a misclick is asked about and kept back.
  await card.getByRole('button', { name: 'Annuler l’intervention' }).click();
  const confirm = page.getByRole('alertdialog', { name: /Annuler l’intervention n° \d+ \?/ });
  await expect(confirm).toContainText('Le client est prévenu par e-mail');
  await confirm.getByRole('button', { name: 'Garder la demande' }).click();
  await expect(confirm).toBeHidden();
  await expect(card.getByText('En attente', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Prendre en charge' }).click();
  await expect(card.getByText('En cours', { exact: true })).toBeVisible();

  await card.getByRole('button', { name: 'Terminer' }).click();
  await card.getByLabel('Durée (minutes)').fill('45');
  await card.getByRole('button', { name: 'Confirmer la fin' }).click();
  await expect(card.getByText('Terminée', { exact: true })).toBeVisible();
  await expect(card.getByText('45 min')).toBeVisible();
});
