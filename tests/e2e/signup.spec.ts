import { expect, test, type Page } from '@playwright/test';
import { createOrder, expectNoSeriousA11yViolations, uniqueEmail } from './fixtures.ts';

// Fake time that flows while the page loads and hydrates (React needs its timers), then stops: from there a
// countdown moves only when the test says so, so no assertion races the clock.
async function pauseClock(page: Page) {
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 1000);
}

test('[PUBLIC][SIGNUP] the plan-required dialog counts down 15 → 0 and closes itself', async ({ page }) => {
  await page.clock.install();
  await page.goto('/signup');
  await expect(page.getByRole('heading', { level: 1, name: 'Créer un compte' })).toBeVisible();
  await expect(page.getByRole('button', { name: "S'inscrire" })).toBeEnabled();
  await pauseClock(page);
  await page.getByRole('button', { name: "S'inscrire" }).click();

  const dialog = page.getByRole('dialog', { name: "Sélection d'un plan requis" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Fermeture automatique dans 15 secondes');
  await page.clock.runFor(1000);
  await expect(dialog).toContainText('Fermeture automatique dans 14 secondes');
  await page.clock.runFor(13_000);
  await expect(dialog).toContainText('Fermeture automatique dans 1 seconde');
  await page.clock.runFor(1000);
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: "S'inscrire" })).toBeFocused();

  // Opened again, it starts from 15.
  await page.getByRole('button', { name: "S'inscrire" }).click();
  await expect(dialog).toContainText('Fermeture automatique dans 15 secondes');
});

test('[PUBLIC][SIGNUP] the dialog links to the plans and closes with Escape', async ({ page }) => {
  await page.goto('/signup');
  await page.getByRole('button', { name: "S'inscrire" }).click();
  const dialog = page.getByRole('dialog', { name: "Sélection d'un plan requis" });
  await expect(dialog.getByRole('link', { name: "Voir les plans d'abonnement" })).toHaveAttribute('href', '/#pricing');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: "S'inscrire" })).toBeFocused();
});

test('[PUBLIC][SIGNUP] links to /login and back home', async ({ page }) => {
  await page.goto('/signup');
  await page.getByRole('link', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL('/login');
  await page.goto('/signup');
  await page.getByRole('main').getByRole('link', { name: "Retour à l'accueil" }).click();
  await expect(page).toHaveURL('/');
});

test('[PUBLIC][LOGIN] both fields are required', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Connexion' })).toBeVisible();
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByText('Veuillez remplir tous les champs').first()).toBeVisible();
  await expect(page.getByLabel("Nom d'utilisateur ou e-mail")).toBeFocused();
  await expectNoSeriousA11yViolations(page);
});

test('[PUBLIC][LOGIN] a refused login shows the server’s message and stays on the page', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel("Nom d'utilisateur ou e-mail").fill('personne@exemple.fr');
  await page.getByLabel('Mot de passe').fill('mauvais-mot-de-passe');
  const response = page.waitForResponse((r) => r.url().endsWith('/api/auth/login'));
  await page.getByRole('button', { name: 'Se connecter' }).click();
  const res = await response;
  expect(res.ok()).toBe(false);
  const { message } = (await res.json()) as { message: string };
  await expect(page.getByText('Erreur de connexion')).toBeVisible();
  await expect(page.getByText(message)).toBeVisible();
  await expect(page).toHaveURL('/login');
  await expect(page.getByLabel("Nom d'utilisateur ou e-mail")).toHaveValue('personne@exemple.fr');
});

test('[PUBLIC][LOGIN] credentials issued by staff sign in and lead to /dashboard', async ({ page, request }) => {
  const email = uniqueEmail('connexion');
  const username = `client${Date.now().toString(36)}`;
  await createOrder(request, {
    clientName: 'Marc Lefèvre',
    clientEmail: email,
    plan: 'pro',
    username,
    password: 'Motdepasse-Marc-1',
  });
  await page.goto('/login');
  await page.getByLabel("Nom d'utilisateur ou e-mail").fill(username);
  await page.getByLabel('Mot de passe').fill('Motdepasse-Marc-1');
  const sent = page.waitForRequest((r) => r.url().endsWith('/api/auth/login'));
  await page.getByRole('button', { name: 'Se connecter' }).click();
  expect((await sent).postDataJSON()).toEqual({ email: username, password: 'Motdepasse-Marc-1' });
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByText('Connexion réussie')).toBeVisible();
  await expect(page.getByText('Vous êtes maintenant connecté.')).toBeVisible();
});

test("[SPEC §8][PUBLIC][LOGIN] a failure without a message from the server falls back to the spec's sentence", async ({
  page,
}) => {
  await page.route('**/api/auth/login', (route) => route.fulfill({ status: 502, contentType: 'text/plain', body: '' }));
  await page.goto('/login');
  await page.getByLabel("Nom d'utilisateur ou e-mail").fill('personne@exemple.fr');
  await page.getByLabel('Mot de passe').fill('mauvais-mot-de-passe');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Erreur de connexion' });
  await expect(toast).toContainText('Email ou mot de passe incorrect.');
  await expect(page).toHaveURL('/login');
});

test('[PUBLIC][LOGIN] links to account creation and the client area', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('link', { name: 'Créer un compte' })).toHaveAttribute('href', '/signup');
  await expect(page.getByRole('main').getByRole('link', { name: 'Accéder à l’espace client' })).toHaveAttribute(
    'href',
    '/client/login',
  );
});
