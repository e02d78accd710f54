import { expect, test, type Page } from '@playwright/test';
import { createOrder, searchOrders, shot, staffSignIn, uniqueEmail } from './fixtures.ts';

// Fake time that flows while the page loads and hydrates, then stops: a tooltip's delay passes only when the test
// says so, so no assertion races the clock.
async function pauseClock(page: Page) {
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 1000);
}

for (const { name, viewport } of [
  { name: 'phone', viewport: { width: 375, height: 800 } },
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
]) {
  test(`[SPEC §9][UI][TOOLTIP] an icon-only button shows its label after 700 ms of hover, at once on keyboard focus (${name})`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.clock.install();
    await page.goto('/signup');
    const open = page.getByRole('button', { name: "S'inscrire" });
    await expect(open).toBeEnabled();
    await pauseClock(page);

    // Opened with a click, the dialog focuses its close button: a focus the visitor did not ask for shows nothing.
    await open.click();
    const dialog = page.getByRole('dialog', { name: "Sélection d'un plan requis" });
    const close = dialog.getByRole('button', { name: 'Fermer' });
    await expect(close).toBeFocused();
    const tooltip = page.getByRole('tooltip');
    await expect(tooltip).toHaveCount(0);

    await close.hover();
    await page.clock.runFor(699);
    await expect(close).toHaveAttribute('data-state', 'closed');
    await expect(tooltip).toHaveCount(0);
    await page.clock.runFor(1);
    await expect(tooltip).toHaveText('Fermer');
    await expect(close).toHaveAttribute('data-state', 'delayed-open');
    await shot(page, `tooltip-dialog-close-${name}`);

    // The pointer leaves: it goes.
    await page.mouse.move(0, 0);
    await expect(tooltip).toHaveCount(0);

    // From the keyboard: the dialog opened with Enter focuses the same button, and its label shows at once.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(close).toBeFocused();
    await expect(tooltip).toHaveText('Fermer');
  });
}

test('[SPEC §9][ADMIN][TOOLTIP] copy buttons name what they copy; the next one opens at once within 300 ms', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('infobulle');
  await createOrder(request, {
    clientName: 'Lucie Bulle',
    clientEmail: email,
    plan: 'pro',
    username: `bulle${Date.now().toString(36)}`,
  });
  await page.clock.install();
  await staffSignIn(page);
  await page.getByRole('tab', { name: 'Commandes' }).click();
  await searchOrders(page, email);
  const card = page.getByRole('article').filter({ hasText: email });
  const key = card.getByRole('button', { name: 'Copier la clé de vérification' });
  const username = card.getByRole('button', { name: "Copier le nom d'utilisateur" });
  await expect(key).toBeVisible();
  await pauseClock(page);
  const tooltip = page.getByRole('tooltip');

  await key.hover();
  await page.clock.runFor(700);
  await expect(tooltip).toHaveText('Copier la clé de vérification');
  await shot(page, 'tooltip-copy-key-desktop');

  // Straight on to the next button: no new wait.
  await username.hover();
  await expect(tooltip).toHaveText("Copier le nom d'utilisateur");
  await expect(username).toHaveAttribute('data-state', 'instant-open');

  // Away for longer than 300 ms: the next one waits its 700 ms again.
  await page.mouse.move(0, 0);
  await expect(tooltip).toHaveCount(0);
  await page.clock.runFor(301);
  await key.hover();
  await page.clock.runFor(699);
  await expect(tooltip).toHaveCount(0);
  await page.clock.runFor(1);
  await expect(tooltip).toHaveText('Copier la clé de vérification');
});
