import { expect, test, type Page } from '@playwright/test';
import { RETENTION } from '#shared/privacy/retention-periods.ts';
import { expectNoSeriousA11yViolations } from './fixtures.ts';

// A phone and a laptop: the notices and the periods must read on both (docs/decisions/041).
const WIDTHS = [
  { name: 'phone', viewport: { width: 375, height: 800 } },
  { name: 'laptop', viewport: { width: 1280, height: 900 } },
];

/** The notice under a form, its periods read from the retention table, and its link to the privacy page. */
async function followNotice(page: Page, says: string[]) {
  const notice = page.getByTestId('data-notice');
  await expect(notice).toBeVisible();
  for (const text of says) await expect(notice).toContainText(text);
  await notice.getByRole('link', { name: 'En savoir plus sur vos données' }).click();
  await expect(page).toHaveURL('/privacy-policy');
  await expect(page.getByRole('heading', { level: 1, name: 'Politique de confidentialité' })).toBeVisible();
}

for (const { name, viewport } of WIDTHS) {
  test.describe(`on a ${name} (${viewport.width} px)`, () => {
    test.use({ viewport });

    test('[PUBLIC][PRIVACY] the privacy page lists every period and no line runs off the screen', async ({ page }) => {
      await page.goto('/privacy-policy');
      const periods = page.getByRole('list', { name: 'Durées de conservation' });
      await expect(periods.getByRole('listitem')).toHaveCount(Object.keys(RETENTION).length);
      await expect(periods).toContainText('Justificatif d’appareil');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await page.screenshot({ path: test.info().outputPath(`privacy-${viewport.width}.png`), fullPage: true });
      await expectNoSeriousA11yViolations(page);
    });

    test('[PUBLIC][PRIVACY] the registration form says what it keeps and how long, and links to the page', async ({
      page,
    }) => {
      await page.goto('/register');
      await expect(page.getByRole('button', { name: "Finaliser l'inscription" })).toBeEnabled();
      await page.getByTestId('data-notice').scrollIntoViewIfNeeded();
      await page.screenshot({ path: test.info().outputPath(`register-${viewport.width}.png`), fullPage: true });
      await expectNoSeriousA11yViolations(page);
      await followNotice(page, ['créer votre compte', '3 ans après la fin de votre dernier abonnement']);
    });

    test('[PUBLIC][PRIVACY] the contact form says what it keeps and how long, and links to the page', async ({
      page,
    }) => {
      await page.goto('/#contact');
      await expect(page.getByRole('button', { name: 'Envoyer le message' })).toBeEnabled();
      const form = page.locator('form[aria-labelledby="contact-titre"]');
      await form.scrollIntoViewIfNeeded();
      await form.screenshot({ path: test.info().outputPath(`contact-${viewport.width}.png`) });
      await expectNoSeriousA11yViolations(page);
      await followNotice(page, ['uniquement à vous répondre', '3 ans après leur réception']);
    });
  });
}
