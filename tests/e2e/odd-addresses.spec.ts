import { expect, test, type Page } from '@playwright/test';
import { FAQ_ITEMS } from '#client/pages/public/landing/faq-data.ts';

/** Errors the page throws (a broken hydration or effect), collected from the first script on. */
function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test('[PUBLIC][ADDRESS] a link to /#% opens the landing page, hydrated and working', async ({ page }) => {
  const errors = collectPageErrors(page);
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const response = await page.goto('/#%');
  expect(response?.status()).toBe(200);
  await expect(page.locator('[data-hydrated]')).toHaveCount(1);
  // The sections below the hero hydrated too: the FAQ answers a click (an error there would show « Un problème… »).
  const question = page.locator('#faq summary').filter({ hasText: FAQ_ITEMS[0]!.question });
  await question.click();
  await expect(page.getByText(FAQ_ITEMS[0]!.answer)).toBeVisible();
  await expect(page.getByText('Un problème est survenu')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('[PUBLIC][ADDRESS] a query that cannot be decoded (/?x=%) still shows the landing page', async ({ page }) => {
  const errors = collectPageErrors(page);
  const response = await page.goto('/?x=%');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(errors).toEqual([]);
});

test('[PUBLIC][ADDRESS] a path that cannot be decoded (/%) gets a 400 in French', async ({ request }) => {
  const res = await request.get('/%');
  expect(res.status()).toBe(400);
  expect((await res.json()).message).toBe('Adresse invalide.');
});

test('[PUBLIC][ADDRESS] //cgv and a page followed by many slashes are not pages of the site', async ({
  page,
  request,
  baseURL,
}) => {
  const errors = collectPageErrors(page);
  const response = await page.goto(`${baseURL}//cgv`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  expect(errors).toEqual([]);
  expect((await request.get(`/cgv${'/'.repeat(3000)}x`)).status()).toBe(414);
});

test("[PUBLIC][ADDRESS] trailing slashes lead to the page itself, in the server's HTML and once the script runs", async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  const response = await page.goto('/cgv//');
  expect(response?.status()).toBe(200);
  // Once the page's scripts have run: a browser matching otherwise would replace it with « Page Not Found ».
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('heading', { name: 'Conditions générales de vente', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('[PUBLIC][ADDRESS] an encoded page address (/%63gv) is that page, and an encoded /api path stays the API', async ({
  page,
  request,
}) => {
  const response = await page.goto('/%63gv');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Conditions générales de vente', level: 1 })).toBeVisible();
  const api = await request.get('/%61pi/nothing-here');
  expect(api.status()).toBe(404);
  expect(await api.json()).toEqual({ message: 'Ressource introuvable.', code: 'NOT_FOUND' });
});
