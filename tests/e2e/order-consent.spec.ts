import { expect, test } from '@playwright/test';
import { WIDTHS, createClient, daysFromToday, signInToDashboard } from './client-fixtures.ts';
import { expectNoSeriousA11yViolations, shot, uniqueEmail } from './fixtures.ts';
import { CGV_REQUIRED } from '#shared/orders/order-consent.ts';

// Every order a client makes carries two unticked boxes (docs/decisions/041): the CGV (required) and the express
// request to start within the 14-day withdrawal period (optional).
for (const { name, viewport } of WIDTHS) {
  test.describe(`on ${name}`, () => {
    test.use({ viewport });

    test('[CLIENT][CGV] a renewal waits for the CGV box; the express request goes with the order', async ({
      page,
      request,
    }) => {
      const client = await createClient(request, 'standard', { orderDate: daysFromToday(-80) });
      await signInToDashboard(page, client.username, client.password);
      await page.getByRole('region', { name: 'Mon abonnement' }).getByRole('button', { name: 'Renouveler' }).click();
      const dialog = page.getByRole('dialog', { name: 'Renouveler la formule Standard ?' });
      const cgv = dialog.getByRole('checkbox', { name: /J’ai lu et j’accepte les conditions générales de vente/ });
      const express = dialog.getByRole('checkbox', { name: /Je demande que l’assistance commence dès le paiement/ });
      await expect(cgv).not.toBeChecked();
      await expect(express).not.toBeChecked();
      await expect(dialog.getByRole('link', { name: 'conditions générales de vente' })).toHaveAttribute('href', '/cgv');

      let posted = false;
      page.on('request', (r) => {
        if (new URL(r.url()).pathname === '/api/subscriptions') posted = true;
      });
      await dialog.getByRole('button', { name: 'Renouveler' }).click();
      await expect(dialog.getByRole('alert')).toHaveText(CGV_REQUIRED);
      await expect(cgv).toHaveAttribute('aria-invalid', 'true');
      await expectNoSeriousA11yViolations(page);
      await shot(page, `order-consent-refused-${name}`);
      expect(posted).toBe(false);

      await cgv.check();
      await express.check();
      await expect(dialog.getByRole('alert')).toHaveCount(0);
      const ordered = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/subscriptions');
      await dialog.getByRole('button', { name: 'Renouveler' }).click();
      expect((await ordered).postDataJSON()).toEqual({ planId: 'standard', acceptCgv: true, expressStart: true });
      await expect(page.getByTestId('pending-order')).toContainText('Standard');
    });

    test('[PUBLIC][CGV] registration shows both boxes unticked and sends what was ticked', async ({ page }) => {
      await page.goto('/register?plan=duo');
      await page.getByLabel('Prénom').fill('Jeanne');
      await page.getByLabel('Nom', { exact: true }).fill('Dupont');
      await page.getByLabel('E-mail').fill(uniqueEmail('cases'));
      await page.getByLabel('Téléphone').fill('06 12 34 56 78');
      await page.getByLabel("Type d'appareil").selectOption({ label: 'MacBook (Air/Pro)' });
      await page.getByLabel("Description de l'appareil").fill('MacBook Air 2020, macOS Sonoma');
      const boxes = page.getByTestId('order-consent');
      await expect(boxes.getByRole('checkbox')).toHaveCount(2);
      for (const box of await boxes.getByRole('checkbox').all()) await expect(box).not.toBeChecked();
      await page.getByRole('button', { name: "Finaliser l'inscription" }).click();
      await expect(boxes.getByText(CGV_REQUIRED)).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await shot(page, `register-consent-${name}`);
      await boxes.getByRole('checkbox', { name: /J’ai lu et j’accepte/ }).check();
      const sent = page.waitForRequest((r) => r.url().endsWith('/api/register') && r.method() === 'POST');
      await page.getByRole('button', { name: "Finaliser l'inscription" }).click();
      expect((await sent).postDataJSON()).toMatchObject({ planId: 'duo', acceptCgv: true, expressStart: false });
      await expect(page).toHaveURL('/register-success');
    });
  });
}
