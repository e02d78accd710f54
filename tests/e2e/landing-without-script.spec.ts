import { expect, test, type Route } from '@playwright/test';
import { PLANS } from '#shared/plans.ts';
import { formatEuro } from '#shared/format.ts';
import { FAQ_ITEMS } from '#client/pages/public/landing/faq-data.ts';
import {
  carousel,
  expectCentred,
  expectFaqOpensOneAnswerAtATime,
  expectShown,
  faqQuestion,
  planCard,
} from './landing-fixtures.ts';

test.describe('before the script has run (JavaScript off)', () => {
  test.use({ javaScriptEnabled: false });

  test("[PUBLIC][LANDING] the FAQ answers a tap from the server's HTML", async ({ page }) => {
    await page.goto('/');
    await expectFaqOpensOneAnswerAtATime(page);
  });

  // The track opens on Pro from the HTML too (scroll-initial-target), but Chromium misses it now and then, when it lays
  // the track out before the Pro card has been parsed (the script then brings Pro in): not asserted here.
  test('[PUBLIC][LANDING] a dot brings its plan into view', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Voir le plan Standard' }).click();
    await expect(page).toHaveURL(/#formule-standard$/);
    await expectCentred(page, 'Standard');
    await expect(planCard(page, 'Standard').getByRole('link', { name: 'Choisir le plan Standard' })).toBeInViewport();
    await page.getByRole('link', { name: 'Voir le plan Famille' }).click();
    await expectCentred(page, 'Famille');
  });

  test.describe('on a 375 px phone', () => {
    test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });

    test('[PUBLIC][LANDING] the menu opens and shows its links, its links lead to the sections', async ({ page }) => {
      await page.goto('/');
      const links = page.getByRole('navigation', { name: 'Menu' });
      await expect(links).toBeHidden();
      await page.getByRole('button', { name: 'Menu' }).click();
      for (const name of ['Accueil', 'Tarifs', 'Contact', 'Connexion Client', 'Staff']) {
        await expect(links.getByRole('link', { name })).toBeVisible();
      }
      await links.getByRole('link', { name: 'Contact' }).click();
      await expect(page).toHaveURL(/#contact$/);
      await page.keyboard.press('Escape');
      await expect(links).toBeHidden();
      await expect(page.getByRole('heading', { name: /Écrivez-nous/ })).toBeInViewport();
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      ).toBe(0);
    });
  });
});

test('[PUBLIC][LANDING] what a visitor did before the script arrived is still there once it runs', async ({ page }) => {
  // The scripts are held at the network until the visitor has tapped: a slow phone's first seconds.
  const held: Route[] = [];
  let release = false;
  await page.route(/\/assets\/.*\.js$/, (route) => (release ? route.continue() : held.push(route)));
  await page.goto('/', { waitUntil: 'commit' });
  const question = FAQ_ITEMS[2]!;
  await faqQuestion(page, question.question).click();
  await expect(page.getByText(question.answer)).toBeVisible();
  await page.getByRole('link', { name: 'Voir le plan Duo' }).click();
  await expectCentred(page, 'Duo');
  await expect(carousel(page)).not.toHaveAttribute('data-enhanced');

  release = true;
  await Promise.all(held.map((route) => route.continue()));
  await expect(carousel(page)).toHaveAttribute('data-enhanced', 'true');
  await expect(page.getByText(question.answer)).toBeVisible();
  // The script reads the card in view: the dots and the live region now say Duo, and the arrows go on from there.
  await expectShown(page, 'Duo');
  await page.getByRole('link', { name: 'Plan suivant' }).click();
  await expectShown(page, 'Famille');
});

test('[PUBLIC][LANDING] the HTML served without JavaScript holds every price and the FAQ', async ({ request }) => {
  const response = await request.get('/');
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toMatch(/<html lang="fr">/);
  expect(html).toMatch(/<title>[^<]+<\/title>/);
  expect(html).toMatch(/<meta name="description" content="[^"]+"/);
  for (const plan of PLANS) {
    expect(html).toContain(`>${plan.name}</h3>`);
    expect(html).toContain(`>${formatEuro(plan.price, { whole: true })}</span>`);
  }
  for (const item of FAQ_ITEMS) {
    expect(html).toContain(item.question);
    expect(html).toContain(item.answer);
  }
  for (const id of ['accueil', 'services', 'pourquoi-nous', 'why-choose-us', 'tarifs', 'pricing', 'faq', 'contact'])
    expect(html).toContain(`id="${id}"`);
  // Every section is in place: no fallback waiting for an inline script, which the CSP would block.
  expect(html).not.toMatch(/<script>/);
  expect(html).not.toContain('<!--$?-->');
  expect(html).toContain('name="captchaAnswer"');
});
