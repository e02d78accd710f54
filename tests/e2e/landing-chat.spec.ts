import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, shot } from './fixtures.ts';
import { openLanding } from './landing-fixtures.ts';

test.describe('chat', () => {
  async function openChat(page: Page) {
    await openLanding(page);
    // Fake, paused time from here on: the bot's one-second delay passes only when the test says so.
    const now = Date.now();
    await page.clock.install({ time: now });
    await page.clock.pauseAt(now + 1000);
    await page.getByRole('button', { name: 'Ouvrir le chat' }).click();
    const log = page.getByRole('log', { name: 'Messages' });
    await expect(log.getByRole('listitem')).toHaveCount(1); // the welcome message
    await expect(page.getByLabel('Votre message')).toBeFocused();
    return log;
  }

  test('[PUBLIC][LANDING] the bot answers a Mac question after exactly one second', async ({ page }) => {
    const log = await openChat(page);
    await page.getByLabel('Votre message').fill('Vous dépannez les Mac ?');
    await page.keyboard.press('Enter');
    await expect(log.getByRole('listitem')).toHaveCount(3); // welcome, question, "L’assistant écrit…"
    await expect(log.getByRole('listitem').nth(1)).toContainText('Vous dépannez les Mac ?');
    await expect(page.getByLabel('Votre message')).toHaveValue('');
    await page.clock.runFor(999);
    await expect(log.getByText('L’assistant écrit…')).toBeVisible();
    await page.clock.runFor(1);
    await expect(log.getByText('L’assistant écrit…')).toHaveCount(0);
    await expect(log.getByRole('listitem')).toHaveCount(3);
    await expect(log.getByRole('listitem').last()).toContainText('Mac');
    await expect(log.getByRole('listitem').last()).toContainText('Assistant :');

    // Closing keeps the conversation; the toggle says what it does.
    await page.getByRole('button', { name: 'Fermer le chat' }).click();
    await expect(page.getByRole('dialog', { name: 'Posez votre question' })).toBeHidden();
    await page.getByRole('button', { name: 'Ouvrir le chat' }).click();
    await expect(log.getByRole('listitem')).toHaveCount(3);
  });

  test('[PUBLIC][LANDING] a blank message is ignored', async ({ page }) => {
    const log = await openChat(page);
    await page.getByLabel('Votre message').fill('   ');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Envoyer', exact: true }).click();
    await page.clock.runFor(2000);
    await expect(log.getByRole('listitem')).toHaveCount(1);
  });

  test('[PUBLIC][LANDING] a question the canned answers miss is answered with the help centre’s articles', async ({
    page,
  }) => {
    const log = await openChat(page);
    await page.getByLabel('Votre message').fill('J’ai reçu un message suspect');
    await page.getByRole('button', { name: 'Envoyer', exact: true }).click();
    await page.clock.runFor(1000);
    const reply = log.getByRole('listitem').last();
    await expect(reply).toContainText('Notre centre d’aide en parle peut-être');
    await expect(reply.getByRole('link', { name: 'J’ai reçu un e-mail suspect' })).toHaveAttribute(
      'href',
      '/aide/e-mail-suspect',
    );
    expect(await reply.getByRole('link').count()).toBeLessThanOrEqual(4); // three articles at most, and the form
    await expect(reply.getByRole('link', { name: 'Aller au formulaire de contact' })).toBeVisible();
    const panel = page.getByRole('dialog', { name: 'Posez votre question' });
    await shot(panel, 'chat-articles-1280');
    await page.setViewportSize({ width: 375, height: 800 });
    await shot(panel, 'chat-articles-375');
    await reply.getByRole('link', { name: 'J’ai reçu un e-mail suspect' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'J’ai reçu un e-mail suspect' })).toBeVisible();
  });

  test('[PUBLIC][LANDING] a question nothing answers points to the contact form', async ({ page }) => {
    const log = await openChat(page);
    await page.getByLabel('Votre message').fill('Vous vendez des vélos ?');
    await page.getByRole('button', { name: 'Envoyer', exact: true }).click();
    await page.clock.runFor(1000);
    await expect(log.getByRole('listitem').last()).toContainText('formulaire de contact');
    await log.getByRole('link', { name: 'Aller au formulaire de contact' }).click();
    await expect(page).toHaveURL(/#contact$/);
  });

  test('[PUBLIC][LANDING] no serious accessibility violation with the chat open', async ({ page }) => {
    await openChat(page);
    await page.getByLabel('Votre message').fill('prix');
    await page.keyboard.press('Enter');
    await page.clock.runFor(1000);
    await expect(page.getByRole('log').getByRole('listitem')).toHaveCount(3);
    await page.clock.resume(); // axe waits on timers of its own
    await expectNoSeriousA11yViolations(page);
  });
});
