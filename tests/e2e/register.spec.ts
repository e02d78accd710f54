import { expect, test, type Page } from '@playwright/test';
import { uniqueEmail } from './fixtures.ts';
import { CGV_REQUIRED } from '#shared/orders/order-consent.ts';

const ALL_ERRORS = [
  'Le prénom doit contenir au moins 2 caractères',
  'Le nom doit contenir au moins 2 caractères',
  'Adresse email invalide',
  'Numéro de téléphone invalide',
  'Veuillez sélectionner un plan',
  "Veuillez sélectionner le type d'appareil",
  'Veuillez décrire votre appareil (marque, modèle, etc.)',
  CGV_REQUIRED,
];

async function fillForm(page: Page, email: string) {
  await page.getByLabel('Prénom').fill('Jeanne');
  await page.getByLabel('Nom', { exact: true }).fill('Dupont');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Téléphone').fill('06 12 34 56 78');
  await page.getByLabel("Type d'appareil").selectOption({ label: 'MacBook (Air/Pro)' });
  await page.getByLabel("Description de l'appareil").fill('MacBook Air 2020, macOS Sonoma');
  await page.getByRole('checkbox', { name: /J’ai lu et j’accepte/ }).check();
}

// Fake time that flows while the page loads and hydrates (React needs its timers), then stops: from there a
// countdown moves only when the test says so, so no assertion races the clock.
async function pauseClock(page: Page) {
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 1000);
}

const submit = (page: Page) => page.getByRole('button', { name: "Finaliser l'inscription" }).click();

test('[PUBLIC][REGISTER] registers from /register?plan=pro and lands on the success page', async ({ page }) => {
  await page.goto('/register?plan=pro');
  await expect(page.getByRole('heading', { level: 1, name: 'Inscription à RFS Assistance' })).toBeVisible();
  const card = page.getByText('Plan sélectionné').locator('..');
  await expect(card).toContainText('Pro');
  await expect(card).toContainText('50,00 € / 1 an');
  await expect(card).toContainText('1 appareil couvert');
  // The plan comes from the URL: no plan select is offered.
  await expect(page.getByLabel('Abonnement')).toHaveCount(0);

  await fillForm(page, uniqueEmail('inscription'));
  const request = page.waitForRequest((r) => r.url().endsWith('/api/register') && r.method() === 'POST');
  await submit(page);
  expect((await request).postDataJSON()).toMatchObject({
    planId: 'pro',
    deviceType: 'macbook',
    firstName: 'Jeanne',
    phone: '06 12 34 56 78',
    acceptCgv: true,
    expressStart: false,
  });

  await expect(page).toHaveURL('/register-success');
  await expect(page.getByRole('heading', { name: 'Demande enregistrée !' })).toBeVisible();
});

test('[PUBLIC][REGISTER] an empty submit shows every field’s error and sends nothing', async ({ page }) => {
  let posted = false;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/register')) posted = true;
  });
  await page.goto('/register');
  await submit(page);
  for (const message of ALL_ERRORS) await expect(page.getByText(message, { exact: true })).toBeVisible();
  // The first invalid field gets the focus, so a keyboard user starts where the problem is.
  await expect(page.getByLabel('Prénom')).toBeFocused();
  await expect(page.getByLabel('Prénom')).toHaveAttribute('aria-invalid', 'true');
  expect(posted).toBe(false);
});

test('[PUBLIC][REGISTER] without ?plan= the visitor picks a plan in the form', async ({ page }) => {
  await page.goto('/register');
  const select = page.getByLabel('Abonnement');
  await expect(select.locator('option')).toHaveCount(7);
  await expect(select).toContainText('Famille – 110,00 € / 1 an');
  await fillForm(page, uniqueEmail('choix'));
  await select.selectOption('duo');
  const request = page.waitForRequest((r) => r.url().endsWith('/api/register'));
  await submit(page);
  expect((await request).postDataJSON()).toMatchObject({ planId: 'duo' });
  await expect(page).toHaveURL('/register-success');
});

test('[PUBLIC][REGISTER] an unknown plan is ignored', async ({ page }) => {
  await page.goto('/register?plan=premium-gold');
  await expect(page.getByRole('heading', { level: 1, name: 'Inscription à RFS Assistance' })).toBeVisible();
  await expect(page.getByText('Plan sélectionné')).toHaveCount(0);
  await expect(page.getByLabel('Abonnement')).toHaveValue('');
});

test('[PUBLIC][REGISTER] a server-side error shows under its field and keeps what was typed', async ({ page }) => {
  await page.route('**/api/register', (route) =>
    route.fulfill({
      status: 400,
      json: {
        message: 'Cette adresse e-mail est refusée.',
        code: 'VALIDATION',
        fieldErrors: { email: ['Cette adresse e-mail est refusée.'] },
      },
    }),
  );
  await page.goto('/register?plan=famille');
  const email = uniqueEmail('refus');
  await fillForm(page, email);
  await submit(page);

  await expect(page.getByText("Erreur d'inscription")).toBeVisible();
  const emailField = page.getByLabel('E-mail');
  await expect(emailField).toHaveAttribute('aria-invalid', 'true');
  // Read out with the field: the server's error first, then the field's hint.
  await expect(emailField).toHaveAccessibleDescription(/^Cette adresse e-mail est refusée\. Vos identifiants/);
  await expect(emailField).toHaveValue(email);
  await expect(page.getByLabel('Prénom')).toHaveValue('Jeanne');
  await expect(page.getByLabel("Type d'appareil")).toHaveValue('macbook');
  await expect(page.getByLabel("Description de l'appareil")).toHaveValue('MacBook Air 2020, macOS Sonoma');
  await expect(page).toHaveURL('/register?plan=famille');
  await expect(page.getByRole('button', { name: "Finaliser l'inscription" })).toBeEnabled();
});

test('[PUBLIC][REGISTER] a server failure without detail shows the fallback message', async ({ page }) => {
  await page.route('**/api/register', (route) =>
    route.fulfill({ status: 502, body: 'Bad gateway', contentType: 'text/plain' }),
  );
  await page.goto('/register?plan=pro');
  await fillForm(page, uniqueEmail('panne'));
  await submit(page);
  await expect(page.getByText("Erreur lors de l'inscription")).toBeVisible();
  await expect(page.getByLabel('Prénom')).toHaveValue('Jeanne');
});

test('[PUBLIC][REGISTER] an invalid phone is caught before sending, other values stay', async ({ page }) => {
  await page.goto('/register?plan=basique');
  await fillForm(page, 'jeanne@exemple.fr');
  await page.getByLabel('Téléphone').fill('06 12');
  await submit(page);
  await expect(page.getByText('Numéro de téléphone invalide')).toBeVisible();
  // The error keeps the field's hint beside it: what a valid number looks like, read out with the error.
  await expect(page.getByLabel('Téléphone')).toHaveAccessibleDescription(
    /Numéro de téléphone invalide Par exemple 06 12 34 56 78 ou \+33 6 12 34 56 78/,
  );
  await expect(page.getByLabel('Téléphone')).toHaveValue('06 12');
  await expect(page.getByLabel('E-mail')).toHaveValue('jeanne@exemple.fr');
  await expect(page.getByText('Adresse email invalide')).toHaveCount(0);
});

test('[PUBLIC][REGISTER] the back link goes home', async ({ page }) => {
  await page.goto('/register');
  await page.getByRole('main').getByRole('link', { name: "Retour à l'accueil" }).click();
  await expect(page).toHaveURL('/');
});

/** Registers for real, then stops the clock before the success page (and its countdown) appears. */
async function registerWithPausedClock(page: Page) {
  await page.clock.install();
  await page.goto('/register?plan=pro');
  await expect(page.getByRole('button', { name: "Finaliser l'inscription" })).toBeEnabled();
  await pauseClock(page);
  await fillForm(page, uniqueEmail('compte-a-rebours'));
  await submit(page);
  await expect(page).toHaveURL('/register-success');
  await expect(page.getByRole('heading', { name: 'Demande enregistrée !' })).toBeVisible();
}

test('[PUBLIC][REGISTER] the success page counts 15 → 0 then goes home', async ({ page }) => {
  await registerWithPausedClock(page);
  await expect(page.getByText('Retour automatique à l’accueil dans 15 secondes')).toBeVisible();
  await page.clock.runFor(1000);
  await expect(page.getByText('Retour automatique à l’accueil dans 14 secondes')).toBeVisible();
  await page.clock.runFor(13_000);
  await expect(page.getByText('Retour automatique à l’accueil dans 1 seconde')).toBeVisible();
  await expect(page).toHaveURL('/register-success');
  await page.clock.runFor(1000);
  await expect(page).toHaveURL('/');
});

test('[PUBLIC][REGISTER] the success page can be kept open', async ({ page }) => {
  await registerWithPausedClock(page);
  await page.getByRole('button', { name: 'Rester sur cette page' }).click();
  await page.clock.runFor(20_000);
  await expect(page).toHaveURL('/register-success');
  await expect(page.getByText('Vous restez sur cette page.')).toBeVisible();
});

test('[PUBLIC][REGISTER] the success page’s home button goes home at once', async ({ page }) => {
  await page.goto('/register-success');
  await expect(page.getByText('Pensez à vérifier votre dossier « courrier indésirable » (spam)')).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: "Retour à l'accueil" }).click();
  await expect(page).toHaveURL('/');
});
