import { expect, test, type Page } from '@playwright/test';
import { uniqueEmail } from './fixtures.ts';

const submitButton = (page: Page) => page.getByRole('button', { name: 'Envoyer le message' });
const captchaField = (page: Page) => page.getByLabel(/^Question de sécurité/);

/** Opens the landing page and waits for the contact form's chunk and its security question. */
async function openContactForm(page: Page) {
  await page.goto('/#contact');
  await expect(submitButton(page)).toBeEnabled();
  await expect(captchaField(page)).toHaveAccessibleName(/Combien font \d+ \+ \d+/);
}

/** Reads "Combien font 3 + 4 ?" from the field's label and answers it, like a person would. */
async function captchaSum(page: Page): Promise<number> {
  const label = (await page.locator('label', { hasText: 'Question de sécurité' }).textContent()) ?? '';
  const [, a, b] = /(\d+)\s*\+\s*(\d+)/.exec(label) ?? [];
  expect(a, `question in "${label}"`).toBeDefined();
  return Number(a) + Number(b);
}

async function fillMessage(page: Page, email: string) {
  await page.getByLabel('Nom', { exact: true }).fill('Jeanne Martin');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Sujet (facultatif)').fill('Imprimante');
  await page
    .getByLabel('Message', { exact: true })
    .fill('Mon imprimante ne répond plus depuis la mise à jour de Windows.');
}

test('[PUBLIC][CONTACT] sends a message once the security question is answered', async ({ page }) => {
  await openContactForm(page);
  await fillMessage(page, uniqueEmail('contact'));
  await captchaField(page).fill(String(await captchaSum(page)));

  // Hold the request to see the pending state, then let it through.
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/contact', async (route) => {
    await held;
    await route.continue();
  });
  await submitButton(page).click();
  const pending = page.getByRole('button', { name: 'Envoi en cours...' });
  await expect(pending).toBeDisabled();
  release();

  await expect(page.getByText('Message envoyé', { exact: true })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'votre message est bien parti' })).toBeVisible();
  await expect(page.getByLabel('Nom', { exact: true })).toHaveValue('');
  await expect(page.getByLabel('Message', { exact: true })).toHaveValue('');
  await expect(captchaField(page)).toHaveValue('');
});

test('[PUBLIC][CONTACT] a wrong answer keeps what was typed and asks a new question', async ({ page }) => {
  await openContactForm(page);
  const email = uniqueEmail('contact');
  await fillMessage(page, email);
  await captchaField(page).fill(String((await captchaSum(page)) + 1));
  const newQuestion = page.waitForResponse((r) => r.url().endsWith('/api/contact/captcha'));
  await submitButton(page).click();

  // The error first, then the field's hint, still there to say how to answer.
  await expect(captchaField(page)).toHaveAccessibleDescription(
    'Réponse incorrecte, essayez à nouveau Elle nous protège des envois automatiques. Répondez en chiffres.',
  );
  await expect(captchaField(page)).toHaveAttribute('aria-invalid', 'true');
  await expect(captchaField(page)).toHaveValue('');
  expect((await newQuestion).status()).toBe(200);
  await expect(page.getByLabel('Nom', { exact: true })).toHaveValue('Jeanne Martin');
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue(email);
  await expect(page.getByLabel('Sujet (facultatif)')).toHaveValue('Imprimante');
  await expect(page.getByLabel('Message', { exact: true })).toHaveValue(/Mon imprimante/);
  await expect(page.getByText('Message envoyé', { exact: true })).toHaveCount(0);

  // The new question, answered right, goes through.
  await expect(captchaField(page)).toHaveAccessibleName(/Combien font \d+ \+ \d+/);
  await captchaField(page).fill(String(await captchaSum(page)));
  await submitButton(page).click();
  await expect(page.getByText('Message envoyé', { exact: true })).toBeVisible();
});

test('[PUBLIC][CONTACT] an empty form shows a French error under each required field', async ({ page }) => {
  await openContactForm(page);
  let posted = false;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/contact')) posted = true;
  });
  await submitButton(page).click();
  await expect(page.getByLabel('Nom', { exact: true })).toHaveAccessibleDescription(
    'Le nom doit contenir au moins 2 caractères',
  );
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveAccessibleDescription('Adresse email invalide');
  await expect(page.getByLabel('Message', { exact: true })).toHaveAccessibleDescription(
    'Le message doit contenir au moins 10 caractères',
  );
  await expect(captchaField(page)).toHaveAccessibleDescription(
    /^Veuillez répondre à la question de sécurité Elle nous protège/,
  );
  await expect(page.getByLabel('Sujet (facultatif)')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Nom', { exact: true })).toBeFocused();
  expect(posted).toBe(false);
});

test("[PUBLIC][CONTACT] the form's checks are fetched when the visitor enters the form, not with the page", async ({
  page,
}) => {
  const validation: string[] = [];
  page.on('request', (r) => {
    if (/contact-validation-[\w-]+\.js$/.test(r.url())) validation.push(r.url());
  });
  await openContactForm(page);
  await page.waitForLoadState('networkidle');
  expect(validation).toEqual([]);
  const loaded = page.waitForRequest((r) => /contact-validation-[\w-]+\.js$/.test(r.url()));
  await page.getByLabel('Nom', { exact: true }).focus();
  await loaded;
  expect(validation).toHaveLength(1);
});

test("[PUBLIC][CONTACT] the form's code is fetched when the visitor gets near it, and what they typed first stays", async ({
  page,
}) => {
  const formChunk: string[] = [];
  page.on('request', (r) => {
    if (/contact-form-[\w-]+\.js$/.test(r.url())) formChunk.push(r.url());
  });
  await page.goto('/');
  await expect(page.locator('[data-hydrated="true"]')).toBeAttached();
  await page.waitForLoadState('networkidle');
  // Far below the hero: a visitor who does not scroll there does not download it, and the server's form is there.
  expect(formChunk).toEqual([]);
  await expect(submitButton(page)).toBeDisabled();
  // Typing at once, as a visitor does: the field takes focus and the text before the form's script is in.
  await page.getByLabel('Nom', { exact: true }).fill('Jeanne Martin');
  await expect(submitButton(page)).toBeEnabled();
  expect(formChunk).toHaveLength(1);
  await expect(page.getByLabel('Nom', { exact: true })).toHaveValue('Jeanne Martin');
});
