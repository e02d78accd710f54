import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN } from '../../playwright.config.ts';
import { createClient, signInToDashboard } from './client-fixtures.ts';
import { uniqueEmail } from './fixtures.ts';

/** Every Content-Security-Policy violation the page reports, from the first script on. */
async function recordViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sample}`),
    );
  });
  return () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

/**
 * The policy's style nonce and the one the page's stylesheet carries, after checking the page is styled by it: inlined
 * in any page that may be a first visit (no round trip before its first paint), linked in a signed-in client's pages
 * (the browser keeps the file).
 */
async function styleNonce(page: Page, path: string, stylesheet: 'inlined' | 'linked') {
  const response = await page.goto(path);
  const policy = response!.headers()['content-security-policy']!;
  expect(policy).not.toContain('unsafe-inline');
  expect(policy).toContain("style-src-attr 'none'");
  const nonce = /style-src-elem [^;]*'nonce-([\w+/=]+)'/.exec(policy)?.[1];
  expect(nonce).toBeDefined();
  const sheet = page.locator(stylesheet === 'inlined' ? 'style[nonce]' : 'link[rel="stylesheet"][nonce]');
  await expect(page.locator(stylesheet === 'inlined' ? 'link[rel="stylesheet"]' : 'style[nonce]')).toHaveCount(0);
  expect(await sheet.evaluate((el) => (el as HTMLElement).nonce)).toBe(nonce);
  // The stylesheet applies: the page has its colours and layout.
  await expect(page.getByRole('heading', { level: 1 })).toHaveCSS('font-weight', '700');
  return nonce;
}

test('[CSP][STYLES] every page is styled through a nonce, never unsafe-inline; pages with data draw a fresh one per response', async ({
  page,
}) => {
  // The public pages are the same bytes for everyone, compressed once per deployment: their nonce is the deployment's.
  expect(await styleNonce(page, '/', 'inlined')).toBe(await styleNonce(page, '/cgv', 'inlined'));
  // The back-office and the client area get a nonce of their own each time.
  expect(await styleNonce(page, '/client/login', 'inlined')).not.toBe(
    await styleNonce(page, '/client/login', 'inlined'),
  );
});

test("[CSP][STYLES] a signed-in client's pages link the stylesheet with their nonce, and its dialogs lock the scroll", async ({
  page,
  request,
}) => {
  const client = await createClient(request, 'standard');
  const violations = await recordViolations(page);
  await signInToDashboard(page, client.username, client.password);
  // Loaded anew: the page the server renders for this client, a fresh nonce each time.
  const first = await styleNonce(page, '/dashboard', 'linked');
  expect(await styleNonce(page, '/cgv', 'linked')).not.toBe(first);

  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Session à distance' }).click();
  await expect(page.getByRole('dialog', { name: 'Session à distance' })).toBeVisible();
  // The scroll lock's <style> got the nonce read from the link.
  await expect(page.locator('body')).toHaveCSS('overflow', 'hidden');
  expect(await violations()).toEqual([]);
});

test('[CSP][STYLES] a dialog locks the scroll and a toast is styled, with no violation', async ({ page }) => {
  const violations = await recordViolations(page);
  await page.goto('/admin');
  await page.getByLabel("Nom d'utilisateur").fill(E2E_ADMIN.username);
  await page.getByLabel('Mot de passe').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByTestId('staff-username')).toHaveText(E2E_ADMIN.username);

  await page.getByRole('tab', { name: 'Commandes' }).click();
  await page.getByRole('button', { name: 'Nouvelle commande' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nouvelle commande' });
  await expect(dialog).toBeVisible();
  // Radix's scroll lock is a <style> element: allowed through the page's nonce, so the page behind stays put.
  await expect(page.locator('body')).toHaveCSS('overflow', 'hidden');

  await dialog.getByLabel('Nom du client').fill('Style Sûr');
  await dialog.getByLabel('E-mail').fill(uniqueEmail('csp'));
  await dialog.getByRole('button', { name: 'Créer la commande' }).click();
  // sonner's stylesheet (allowed by its hash) places the toast.
  await expect(page.getByText('Commande créée')).toBeVisible();
  await expect(page.locator('[data-sonner-toaster]')).toHaveCSS('position', 'fixed');

  expect(await violations()).toEqual([]);
});
