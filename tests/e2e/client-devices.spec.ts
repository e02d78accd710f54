import { expect, test } from '@playwright/test';
import {
  createOrder,
  expectNoSeriousA11yViolations,
  shot,
  staffSignIn,
  uniqueEmail,
  closeOpenedContexts,
} from './fixtures.ts';
import { todayIso } from '#shared/format.ts';
import { createClient, openClientPage, reloadClientPage, signInToDashboard, WIDTHS } from './client-fixtures.ts';

test.afterEach(closeOpenedContexts);

/** A photo of an invoice as a phone's camera gives it: a JPEG (its first bytes are what the server reads). */
const INVOICE_PHOTO = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF facture'),
  Buffer.alloc(2048, 7),
]);

for (const { name, viewport } of WIDTHS) {
  test(`[CLIENT][DEVICES] a famille client adds a device, staff ask a proof, the client sends a photo, staff verify, help follows (${name})`, async ({
    browser,
    request,
  }) => {
    const client = await createClient(request, 'famille');
    const page = await (await browser.newContext({ viewport })).newPage();
    await signInToDashboard(page, client.username, client.password);
    await openClientPage(page, '/client/appareils');
    const devices = page.locator('#mes-appareils');
    await expect(devices.getByTestId('devices-covered')).toHaveText(/0 appareil couvert sur 3/);
    await devices.getByLabel('Type d’appareil').selectOption('windows-laptop');
    const model = `Asus Vivobook ${name}`;
    await devices.getByLabel('Marque et modèle').fill(model);
    await devices.getByRole('button', { name: 'Ajouter' }).click();
    const card = devices.getByTestId('device-card').filter({ hasText: model });
    await expect(card).toContainText('En service');
    await expect(devices.getByTestId('devices-covered')).toHaveText(/1 appareil couvert sur 3/);

    // Staff ask a proof from the « Appareils » tab.
    const staff = await (await browser.newContext({ viewport })).newPage();
    await staffSignIn(staff);
    await staff.goto('/admin?tab=devices');
    await staff.getByLabel('Afficher').selectOption('pending');
    const row = staff.getByTestId('admin-device').filter({ hasText: model });
    await row.getByRole('button', { name: 'Demander un justificatif' }).click();
    await staff.getByRole('dialog').getByRole('button', { name: 'Demander et prévenir' }).click();
    await expect(row).toContainText('Assistance bloquée');

    // The client sees what is awaited and sends a photo of the invoice.
    await reloadClientPage(page);
    await expect(card.getByTestId('device-awaited')).toContainText('Justificatif demandé');
    await shot(page, `devices-client-proof-asked-${name}`);
    await expectNoSeriousA11yViolations(page);
    // The file input is visually hidden: reached with the keyboard, its button-like label shows the focus ring.
    const proofInput = card.getByTestId('proof-input');
    await proofInput.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expect(proofInput).toBeFocused();
    await expect(card.locator('label').filter({ has: page.getByTestId('proof-input') })).toHaveCSS(
      'outline-style',
      'solid',
    );
    await proofInput.setInputFiles({ name: 'facture.jpg', mimeType: 'image/jpeg', buffer: INVOICE_PHOTO });
    await expect(card.getByTestId('device-awaited')).toContainText('Justificatif reçu');
    await expect(card).toContainText('facture.jpg');

    // Staff find it among the proofs to check, and verify it.
    await staff.getByLabel('Afficher').selectOption('to-check');
    const toCheck = staff.getByTestId('admin-device').filter({ hasText: model });
    await expect(toCheck.getByRole('button', { name: 'Voir facture.jpg' })).toBeVisible();
    await shot(staff, `devices-admin-to-check-${name}`);
    await expectNoSeriousA11yViolations(staff);
    await toCheck.getByRole('button', { name: 'Vérifier' }).click();
    await expect(toCheck).toHaveCount(0);

    // The client asks for help: the request names the device.
    await reloadClientPage(page);
    await expect(card).toContainText('Vérifié');
    await page.getByRole('navigation', { name: 'Espace client' }).getByRole('link', { name: 'Accueil' }).click();
    await page.getByRole('button', { name: 'Demander une assistance' }).click();
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Demande envoyée' })).toBeVisible();
    await shot(page, `devices-client-verified-${name}`);
  });
}

for (const { name, viewport } of WIDTHS) {
  test(`[CLIENT][DEVICES] after a change from famille to duo, the newest device is hors formule and the client chooses (${name})`, async ({
    browser,
    request,
  }) => {
    const email = uniqueEmail('formule');
    const client = {
      name: 'Nadia Martin',
      email,
      username: email.replace(/@.*/, '').replace(/\./g, '-'),
      password: 'motdepasse-nadia-1',
    };
    const famille = await createOrder(request, {
      clientName: client.name,
      clientEmail: email,
      username: client.username,
      password: client.password,
      plan: 'famille',
      orderDate: todayIso(),
    });
    const page = await (await browser.newContext({ viewport })).newPage();
    await signInToDashboard(page, client.username, client.password);
    for (const [deviceType, deviceInfo] of [
      ['windows-pc', 'PC du salon'],
      ['macbook', 'MacBook Air'],
      ['windows-tablet', 'Surface Go'],
    ]) {
      expect((await page.request.post('/api/client/devices', { data: { deviceType, deviceInfo } })).status()).toBe(201);
    }
    // Staff cancel the famille order and record a paid duo: the running plan now covers two devices.
    const cancelled = await request.patch(`/api/admin/manual-orders/${famille.id}`, {
      data: { paymentStatus: 'cancelled' },
    });
    expect(cancelled.status(), await cancelled.text()).toBe(200);
    await createOrder(request, {
      clientName: client.name,
      clientEmail: client.email,
      username: '',
      password: '',
      plan: 'duo',
      orderDate: todayIso(),
    });

    await openClientPage(page, '/client/appareils');
    const devices = page.locator('#mes-appareils');
    await expect(devices.getByTestId('devices-over-plan')).toContainText(
      'Votre formule Duo couvre 2 appareils : choisissez ceux qui restent',
    );
    await expect(devices.getByTestId('devices-covered')).toHaveText(/2 appareils couverts sur 2/);
    const tablet = devices.getByTestId('device-card').filter({ hasText: 'Surface Go' });
    await expect(tablet).toContainText('Hors formule');
    await shot(page, `devices-client-over-plan-${name}`);
    await shot(devices, `devices-client-over-plan-section-${name}`);
    await expectNoSeriousA11yViolations(page);

    await tablet.getByRole('button', { name: 'Couvrir cet appareil' }).click();
    await expect(tablet).not.toContainText('Hors formule');
    await expect(devices.getByTestId('device-card').filter({ hasText: 'MacBook Air' })).toContainText('Hors formule');
    await devices
      .getByTestId('device-card')
      .filter({ hasText: 'PC du salon' })
      .getByRole('button', { name: 'Retirer' })
      .click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Retirer' }).click();
    await expect(devices.getByTestId('devices-over-plan')).toHaveCount(0);
    await expect(devices.getByText('Hors formule')).toHaveCount(0);
  });
}
