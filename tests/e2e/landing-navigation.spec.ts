import { expect, test } from '@playwright/test';
import { openLanding } from './landing-fixtures.ts';

test.describe('on a touch phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });

  test('[PUBLIC][LANDING] a 375 px phone has no horizontal scroll, with the menu or the chat open', async ({
    page,
  }) => {
    await openLanding(page);
    const overflow = () =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(await overflow()).toBe(0);
    const menu = page.getByRole('button', { name: 'Menu' });
    const links = page.getByRole('navigation', { name: 'Menu' });
    await expect(links).toBeHidden();
    await menu.click();
    await expect(links.getByRole('link', { name: 'Connexion Client' })).toBeVisible();
    expect(await overflow()).toBe(0);
    // Escape closes it, the focus back on the button, even from a link inside the menu.
    await links.getByRole('link', { name: 'Tarifs' }).focus();
    await page.keyboard.press('Escape');
    await expect(links).toBeHidden();
    await expect(menu).toBeFocused();
    // A tap outside closes it too (low on the screen, below the menu, on the hero's text).
    await menu.click();
    await expect(links).toBeVisible();
    await page.mouse.click(40, 790);
    await expect(links).toBeHidden();
    await page.getByRole('button', { name: 'Ouvrir le chat' }).click();
    await expect(page.getByRole('dialog', { name: 'Posez votre question' })).toBeVisible();
    expect(await overflow()).toBe(0);
  });

  test('[PUBLIC][LANDING] the phone menu scrolls to a section and closes', async ({ page }) => {
    await openLanding(page);
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Contact' }).click();
    await expect(page.getByRole('navigation', { name: 'Menu' })).toBeHidden();
    await expect(page.getByRole('heading', { name: /Écrivez-nous/ })).toBeInViewport();
  });
});

test('[PUBLIC][LANDING] the Tarifs link scrolls to the pricing section', async ({ page }) => {
  await openLanding(page);
  const pricing = page.getByRole('heading', { level: 2, name: /Des formules claires/ });
  await expect(pricing).not.toBeInViewport();
  await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Tarifs' }).click();
  await expect(page).toHaveURL(/#tarifs$/);
  await expect(pricing).toBeInViewport();
});

test('[PUBLIC][LANDING] /#pricing and /#tarifs both land on the pricing section', async ({ page }) => {
  for (const hash of ['#pricing', '#tarifs']) {
    await openLanding(page, `/${hash}`);
    await expect(page.getByRole('heading', { level: 2, name: /Des formules claires/ })).toBeInViewport();
  }
});

test('[PUBLIC][LANDING] the header links lead to the client and staff areas', async ({ page }) => {
  await openLanding(page);
  const nav = page.getByRole('navigation', { name: 'Navigation principale' });
  await expect(nav.getByRole('link', { name: 'Connexion Client' })).toHaveAttribute('href', '/client/login');
  await expect(nav.getByRole('link', { name: 'Staff' })).toHaveAttribute('href', '/admin');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: 'Vérifier une facture' })).toHaveAttribute('href', '/verify-invoice');
  await expect(footer.getByRole('link', { name: 'Mentions légales' })).toHaveAttribute('href', '/cgv');
  await expect(footer.getByRole('link', { name: 'Politique de confidentialité' })).toHaveAttribute(
    'href',
    '/privacy-policy',
  );
  await nav.getByRole('link', { name: 'Connexion Client' }).click();
  await expect(page).toHaveURL(/\/client\/login$/);
});
