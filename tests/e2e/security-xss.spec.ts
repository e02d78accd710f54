import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN } from '../../playwright.config.ts';
import { createClient, signInToDashboard } from './client-fixtures.ts';

// Markup a client could type as a name, or staff paste into notes: it must show as text, never run or render.
const HOSTILE_NAME = '<img src=x onerror="window.__pwned=1">Zoé';
const HOSTILE_NOTE = '<script>window.__pwned=1</script>';

/** Fails the test if anything on the page ran the payload or opened a dialog. */
function watchForPayload(page: Page) {
  page.on('dialog', (dialog) => {
    throw new Error(`a dialog opened: ${dialog.message()}`);
  });
  return async () => {
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await page.locator('img[src="x"]').count()).toBe(0);
  };
}

test('[SECURITY][XSS] a hostile name is shown as text on the client dashboard and in the back-office', async ({
  page,
  request,
}) => {
  const client = await createClient(request, 'pro', { clientName: HOSTILE_NAME, notes: HOSTILE_NOTE });
  const checkInert = watchForPayload(page);

  await signInToDashboard(page, client.username, client.password);
  await expect(page.getByText(HOSTILE_NAME.split(' ')[0]!, { exact: false }).first()).toBeVisible();
  await checkInert();

  // The server-rendered dashboard at / carries the name inside the page's data: it must not break out of it.
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeVisible();
  await checkInert();

  await page.context().clearCookies();
  await page.goto('/admin');
  await page.getByLabel("Nom d'utilisateur").fill(E2E_ADMIN.username);
  await page.getByLabel('Mot de passe').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByTestId('staff-username')).toHaveText(E2E_ADMIN.username);
  await page.getByRole('tab', { name: /Commandes/ }).click();
  await expect(page.getByText(HOSTILE_NAME).first()).toBeVisible();
  await expect(page.getByText(HOSTILE_NOTE).first()).toBeVisible();
  await checkInert();
});
