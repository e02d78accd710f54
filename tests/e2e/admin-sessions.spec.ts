import { expect, test, type Browser, type Page } from '@playwright/test';
import { E2E_ADMIN } from '../../playwright.config.ts';
import { expectNoSeriousA11yViolations, staffSignIn, uniqueEmail, openStaffMenu } from './fixtures.ts';

/** A device of the member's: its browser, and the address it signed in from (as the site's proxy reports it). */
async function signedInPage(browser: Browser, userAgent: string, address?: string): Promise<Page> {
  const context = await browser.newContext({ userAgent });
  const page = await context.newPage();
  await staffSignIn(page, undefined, { address });
  return page;
}

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

test('[ADMIN][SESSIONS] a staff member sees their devices and signs out another one', async ({ browser }) => {
  // Other tests sign the same account in and out in parallel: this one follows its own two devices only.
  const laptop = await signedInPage(browser, FIREFOX, '10.20.30.40');
  const phone = await signedInPage(browser, IPHONE, '10.20.30.41');

  await openStaffMenu(laptop);
  await laptop.getByRole('button', { name: 'Mes sessions' }).click();
  const dialog = laptop.getByRole('dialog', { name: 'Mes sessions' });
  const current = dialog.getByTestId('staff-session').filter({ hasText: 'Cette session' });
  await expect(current).toHaveCount(1);
  await expect(current).toContainText('Firefox sur Linux');
  await expect(current).toContainText('Adresse : 10.20.30.40');
  await expect(current.getByRole('button', { name: /^Fermer la session/ })).toHaveCount(0);
  await expectNoSeriousA11yViolations(laptop);

  const iphones = dialog.getByTestId('staff-session').filter({ hasText: 'Safari sur iPhone' });
  await expect(iphones.first()).toBeVisible();
  await iphones.first().getByRole('button', { name: 'Fermer la session Safari sur iPhone (10.20.30.41)' }).click();
  await expect(laptop.getByText('Session fermée')).toBeVisible();

  // The phone is signed out on the server. Its open page learns it without a call of its own: the server closes the
  // session's live stream, its reconnection is refused, and the page reads its session again.
  await expect(phone.getByText('Session expirée')).toBeVisible();
  await expect(phone.getByRole('button', { name: 'Se connecter' })).toBeVisible();
  await expect(phone.getByTestId('staff-username')).toHaveCount(0);
  // The laptop is not.
  await laptop.reload();
  await expect(laptop.getByTestId('staff-username')).toHaveText(E2E_ADMIN.username);
  await laptop.context().close();
  await phone.context().close();
});

test('[ADMIN][REQUESTS] a second registration for the same e-mail is shown as a possible duplicate, the first unchanged', async ({
  browser,
  request,
}) => {
  const email = uniqueEmail('doublon');
  const registration = {
    email,
    phone: '06 12 34 56 78',
    planId: 'pro',
    deviceType: 'macbook',
    deviceInfo: 'MacBook Air 2020, macOS Sonoma',
    acceptCgv: true,
  };
  expect(
    (
      await request.post('/api/register', { data: { ...registration, firstName: 'Jeanne', lastName: 'Titulaire' } })
    ).status(),
  ).toBe(201);
  expect(
    (
      await request.post('/api/register', {
        data: { ...registration, firstName: 'Mallory', lastName: 'Intrus', phone: '07 99 99 99 99' },
      })
    ).status(),
  ).toBe(201);

  const page = await signedInPage(browser, FIREFOX);
  await page.getByRole('tab', { name: 'Messages' }).click();
  const genuine = page.getByRole('article', { name: 'Jeanne Titulaire' });
  const stranger = page.getByRole('article', { name: 'Mallory Intrus' });
  await expect(genuine.getByText('Doublon possible')).toBeVisible();
  await expect(genuine.getByRole('note')).toContainText('Mallory Intrus');
  await expect(genuine).toContainText('06 12 34 56 78');
  await expect(stranger.getByRole('note')).toContainText('Jeanne Titulaire');
  await expectNoSeriousA11yViolations(page);

  // Staff close the stranger's request: the marker leaves the genuine one.
  await stranger.getByRole('button', { name: 'Fermer' }).click();
  await expect(genuine.getByText('Doublon possible')).toHaveCount(0);
  await page.context().close();
});
