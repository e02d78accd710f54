import { expect, test } from '@playwright/test';
import { FAQ_ITEMS } from '#client/pages/public/landing/faq-data.ts';
import { expectNoSeriousA11yViolations, shot } from './fixtures.ts';
import { expectFaqOpensOneAnswerAtATime, expectShown, faqQuestion, openLanding } from './landing-fixtures.ts';

test('[PUBLIC][LANDING] the FAQ opens one answer at a time', async ({ page }) => {
  await openLanding(page);
  await expectFaqOpensOneAnswerAtATime(page);
  // The keyboard opens a question too.
  await faqQuestion(page, FAQ_ITEMS[2]!.question).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(FAQ_ITEMS[2]!.answer)).toBeVisible();
});

for (const { name, viewport } of [
  { name: 'phone', viewport: { width: 375, height: 800 } },
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
]) {
  test(`[SPEC §2][PUBLIC][LANDING] « Créer un compte » asks for a plan first, closes after 15 s, and shows the plans (${name})`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await openLanding(page);
    // Fake, paused time from here on: the countdown moves only when the test says so.
    const now = await page.evaluate(() => Date.now());
    await page.clock.install({ time: now });
    await page.clock.pauseAt(now + 1000);
    // Without the script, a link to /signup, which asks the same.
    const link = page.getByRole('main').getByRole('link', { name: 'Créer un compte' });
    await expect(link).toHaveAttribute('href', '/signup');
    await link.click();
    const dialog = page.getByRole('dialog', { name: "Sélection d'un plan requis" });
    await expect(dialog).toContainText('choisissez d’abord l’abonnement qui vous convient');
    await expect(dialog).toContainText('Fermeture automatique dans 15 secondes');
    await shot(dialog, `landing-plan-required-${name}`);
    await page.clock.runFor(1000);
    await expect(dialog).toContainText('Fermeture automatique dans 14 secondes');
    await page.clock.runFor(13_000);
    await expect(dialog).toContainText('Fermeture automatique dans 1 seconde');
    await page.clock.runFor(1000);
    await expect(dialog).toBeHidden();
    await expect(link).toBeFocused();
    await expect(page).toHaveURL('/');

    // Asked again: « Voir les plans d'abonnement » closes it and brings the plans into view, focus on their title.
    await link.click();
    await expect(dialog).toContainText('Fermeture automatique dans 15 secondes');
    const pricing = page.getByRole('heading', { level: 2, name: /Des formules claires/ });
    await expect(pricing).not.toBeInViewport();
    await dialog.getByRole('link', { name: "Voir les plans d'abonnement" }).click();
    await expect(dialog).toBeHidden();
    await expect(pricing).toBeFocused();
    await expect(pricing).toBeInViewport();
    await expect(page).toHaveURL('/');
    // The plans as the carousel showed them, Pro in the middle.
    await expectShown(page, 'Pro');
    await shot(page.locator('#accueil'), `landing-hero-${name}`);
  });
}

test('[PUBLIC][LANDING] no serious accessibility violation on the page, with an FAQ answer open', async ({ page }) => {
  await openLanding(page);
  await faqQuestion(page, FAQ_ITEMS[1]!.question).click();
  await expect(page.getByText(FAQ_ITEMS[1]!.answer)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
