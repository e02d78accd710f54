import { expect, test, type CDPSession } from '@playwright/test';
import { PLANS } from '#shared/plans.ts';
import { formatEuro } from '#shared/format.ts';
import { carousel, expectCentred, expectShown, openLanding, planCard, planSlides } from './landing-fixtures.ts';

test('[PUBLIC][LANDING] the carousel starts on Pro, centred, and the page stays at its top', async ({ page }) => {
  await openLanding(page);
  await expectShown(page, 'Pro');
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test('[PUBLIC][LANDING] next wraps from Famille to Basique, previous from Basique to Famille', async ({ page }) => {
  await openLanding(page);
  const next = page.getByRole('link', { name: 'Plan suivant' });
  const previous = page.getByRole('link', { name: 'Plan précédent' });
  await next.click();
  await expectShown(page, 'Duo');
  await next.click();
  await expectShown(page, 'Famille');
  await next.click();
  await expectShown(page, 'Basique');
  await previous.click();
  await expectShown(page, 'Famille');
});

test('[PUBLIC][LANDING] a dot shows its plan without moving the page, and the arrow keys move between plans', async ({
  page,
}) => {
  await openLanding(page);
  const dot = page.getByRole('link', { name: 'Voir le plan Standard' });
  await dot.scrollIntoViewIfNeeded();
  const before = await page.evaluate(() => window.scrollY);
  await dot.click();
  await expectShown(page, 'Standard');
  expect(await page.evaluate(() => window.scrollY)).toBe(before);
  await expect(page).toHaveURL(/\/$/);
  await page.keyboard.press('ArrowRight');
  await expectShown(page, 'Étendue');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expectShown(page, 'Basique');
});

test('[PUBLIC][LANDING] the plan cards show the catalogue, and Choisir opens the registration for that plan', async ({
  page,
}) => {
  await openLanding(page);
  const duo = PLANS.find((p) => p.id === 'duo')!;
  await page.getByRole('link', { name: 'Voir le plan Duo' }).click();
  const card = planCard(page, 'Duo');
  await expect(card).toContainText(formatEuro(duo.price, { whole: true }));
  await expect(card).toContainText('pour 1 an');
  await expect(card).toContainText('2 appareils');
  await expect(card).toContainText('Illimitées');
  await expect(card).toContainText(duo.responseTime);
  await expect(card).toContainText(duo.supportHours);
  const basique = planSlides(page).nth(0);
  await expect(basique).toContainText('3 par mois');
  await expect(basique).toContainText('1 mois');
  await expect(page.getByText('Meilleure vente', { exact: true })).toHaveCount(1);
  await expect(planSlides(page).nth(3)).toContainText('Meilleure vente');
  await page.getByRole('link', { name: 'Choisir le plan Duo' }).click();
  await expect(page).toHaveURL(/\/register\?plan=duo$/);
});

test('[PUBLIC][LANDING] clicking a neighbouring card brings it to the centre', async ({ page }) => {
  await openLanding(page);
  await carousel(page).scrollIntoViewIfNeeded();
  await expectCentred(page, 'Pro');
  const duo = (await page.getByText('Une année pour deux appareils du foyer.').boundingBox())!;
  await page.mouse.click(duo.x + duo.width / 2, duo.y + duo.height / 2);
  await expectShown(page, 'Duo');
});

test.describe('on a touch phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });

  // A finger's drag of dx pixels in ten moves, as the phone's screen sends it, the moves `step` seconds apart (the
  // browser reads the gesture's speed from these times): the track scrolls natively, then snaps to a card.
  async function swipe(client: CDPSession, from: { x: number; y: number }, dx: number, step = 0.016) {
    const t0 = Date.now() / 1000;
    await client.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [from], timestamp: t0 });
    for (let i = 1; i <= 10; i++) {
      await client.send('Input.dispatchTouchEvent', {
        type: 'touchMove',
        touchPoints: [{ x: from.x + (dx * i) / 10, y: from.y }],
        timestamp: t0 + i * step,
      });
    }
    await client.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [], timestamp: t0 + 11 * step });
  }

  test('[PUBLIC][LANDING] swiping left and right changes the plan, a short slow move does not', async ({ page }) => {
    await openLanding(page);
    const client = await page.context().newCDPSession(page);
    const price = planCard(page, 'Pro').getByText('pour 1 an');
    await price.scrollIntoViewIfNeeded();
    const box = (await price.boundingBox())!;
    const from = { x: 187, y: box.y + box.height / 2 };
    await swipe(client, from, -150);
    await expectShown(page, 'Duo');
    await swipe(client, from, 150);
    await expectShown(page, 'Pro');
    await swipe(client, from, 150);
    await expectShown(page, 'Étendue');
    // A slow little move (20 px in half a second) falls back on the same card.
    await swipe(client, from, -20, 0.05);
    await expectShown(page, 'Étendue');
  });
});
