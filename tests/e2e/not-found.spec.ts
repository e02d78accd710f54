import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './fixtures.ts';

test('[PUBLIC][404] an unknown path shows Page Not Found with status 404', async ({ page }) => {
  const response = await page.goto('/une-page-qui-n-existe-pas');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: 'Retour à l’accueil' }).click();
  await expect(page).toHaveURL('/');
});
