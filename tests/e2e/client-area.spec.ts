import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './fixtures.ts';
import { createOrder, uniqueEmail } from './fixtures.ts';
import { todayIso } from '#shared/format.ts';

type Client = { name: string; username: string; password: string };

// Orders are dated today (Paris): the subscription must be running for the plan to show and requests to be allowed.

/** Staff issue a client's credentials through the back-office API, as they would from /admin. */
async function createClient(request: APIRequestContext, plan = 'pro'): Promise<Client> {
  const email = uniqueEmail('espace');
  const client = {
    name: 'Jeanne Martin',
    username: email.replace(/@.*/, '').replace(/\./g, '-'),
    password: 'motdepasse-jeanne-1',
  };
  await createOrder(request, {
    clientName: client.name,
    clientEmail: email,
    username: client.username,
    password: client.password,
    plan,
    orderDate: todayIso(),
  });
  return client;
}

async function logIn(page: Page, username: string, password: string) {
  await page.goto('/client/login');
  await expect(page.getByRole('button', { name: 'Se connecter' })).toBeEnabled();
  await page.getByLabel("Nom d'utilisateur").fill(username);
  await page.getByLabel('Mot de passe').fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

test('[CLIENT][LOGIN] empty fields ask to fill everything; links go to /signup and home', async ({ page }) => {
  await page.goto('/client/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Connexion client' })).toBeVisible();
  await expect(page.getByText('Contactez notre support pour les obtenir')).toBeVisible();
  // The hint says how to reach the support: a tap calls or writes from a phone.
  const hint = page.getByText('Contactez notre support pour les obtenir');
  await expect(hint.getByRole('link').first()).toHaveAttribute('href', /^tel:\+?\d+$/);
  await expect(hint.getByRole('link').nth(1)).toHaveAttribute('href', /^mailto:/);
  await expect(page.getByRole('button', { name: 'Se connecter' })).toBeEnabled();
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Veuillez remplir tous les champs' })).toBeVisible();
  await expect(page).toHaveURL(/\/client\/login$/);
  await expect(page.getByRole('main').getByRole('link', { name: 'Créer un compte' })).toHaveAttribute(
    'href',
    '/signup',
  );
  await expect(page.getByRole('main').getByRole('link', { name: "Retour à l'accueil" })).toHaveAttribute('href', '/');
});

test('[CLIENT][LOGIN] a wrong password shows the error toast and stays on the page', async ({ page, request }) => {
  const client = await createClient(request);
  await logIn(page, client.username, 'pas-le-bon-mot-de-passe');
  await expect(page.getByText('Erreur de connexion')).toBeVisible();
  await expect(page.getByText("Nom d'utilisateur ou mot de passe incorrect")).toBeVisible();
  await expect(page).toHaveURL(/\/client\/login$/);
});

test('[CLIENT][DASHBOARD] log in, create an intervention, see it listed, log out', async ({ page, request }) => {
  const client = await createClient(request, 'pro');
  await logIn(page, client.username, client.password);
  await expect(page).toHaveURL(/\/client\/dashboard$/);
  await expect(page.getByText(`Bienvenue, ${client.name} !`)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: `Bonjour ${client.name}` })).toBeVisible();
  await expect(page.getByText('Pro', { exact: true })).toBeVisible();
  await expect(page.getByText('Aucune demande pour le moment')).toBeVisible();
  await expect(page.getByTestId('intervention-count')).toHaveText('0');

  await page.getByRole('button', { name: 'Créer une demande' }).click();
  const dialog = page.getByRole('dialog', { name: 'Créer une demande' });
  await dialog.getByRole('button', { name: 'Envoyer la demande' }).click();
  await expect(dialog.getByText('Veuillez remplir tous les champs').first()).toBeVisible();

  await dialog.getByLabel('Décrivez votre problème').fill('Mon imprimante ne répond plus depuis ce matin.');
  await dialog.getByLabel('Urgence').selectOption('high');
  await dialog.getByLabel("Type d'appareil").selectOption('laptop');
  await dialog.getByLabel('Votre appareil').fill('Portable Dell, Windows 11');
  await dialog.getByRole('button', { name: 'Envoyer la demande' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Demande créée')).toBeVisible();

  const item = page.getByRole('listitem').filter({ hasText: /Intervention #\d+/ });
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('En attente');
  await expect(item).toContainText('Urgence : Élevée');
  await expect(item).toContainText('Mon imprimante ne répond plus depuis ce matin.');
  await expect(item).toContainText('Ordinateur portable');
  await expect(item).toContainText('Portable Dell, Windows 11');
  await expect(page.getByTestId('intervention-count')).toHaveText('1');

  await page.getByRole('button', { name: 'Déconnexion' }).click();
  await expect(page.getByText('Déconnexion réussie')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  // The session is gone: the dashboard sends back to the login page.
  await page.goto('/client/dashboard');
  await expect(page).toHaveURL(/\/client\/login$/);
});

test("[SPEC §8][CLIENT][DASHBOARD] failures without a server message: the intervention's and the logout's own sentences", async ({
  page,
  request,
}) => {
  const client = await createClient(request, 'pro');
  await logIn(page, client.username, client.password);
  await expect(page).toHaveURL(/\/client\/dashboard$/);
  const broken = { status: 502, contentType: 'text/plain', body: '' };
  await page.route('**/api/client/interventions', (route) =>
    route.request().method() === 'POST' ? route.fulfill(broken) : route.fallback(),
  );
  await page.getByRole('button', { name: 'Créer une demande' }).click();
  const dialog = page.getByRole('dialog', { name: 'Créer une demande' });
  await dialog.getByLabel('Décrivez votre problème').fill('Mon écran reste noir au démarrage.');
  await dialog.getByLabel("Type d'appareil").selectOption('mac');
  await dialog.getByLabel('Votre appareil').fill('iMac 2019');
  await dialog.getByRole('button', { name: 'Envoyer la demande' }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Erreur' })).toContainText(
    'Erreur lors de la création de la demande',
  );
  await dialog.getByRole('button', { name: 'Annuler' }).click();

  await page.route('**/api/client/logout', (route) => route.fulfill(broken));
  await page.getByRole('button', { name: 'Déconnexion' }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Erreur de déconnexion' })).toBeVisible();
  await expect(page).toHaveURL(/\/client\/dashboard$/);
});

test('[CLIENT][DASHBOARD] without a session, /client/dashboard goes to /client/login', async ({ page }) => {
  await page.goto('/client/dashboard');
  await expect(page).toHaveURL(/\/client\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Connexion client' })).toBeVisible();
});

test('[CLIENT][A11Y] the client login page has no serious accessibility violation', async ({ page }) => {
  await page.goto('/client/login');
  await expect(page.getByRole('button', { name: 'Se connecter' })).toBeEnabled();
  await expectNoSeriousA11yViolations(page);
});
