import { expect, test } from '@playwright/test';
import {
  createOrder,
  expectNoSeriousA11yViolations,
  shot,
  staffSignIn,
  uniqueEmail,
  fromAnAddress,
} from './fixtures.ts';
import { todayIso } from '#shared/format.ts';

test('[ADMIN][ERASURE] staff confirm a client’s erasure request from « Messages », after a confirm step', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('effacement');
  const username = `eff${Date.now().toString(36)}`;
  const password = 'Mot-de-passe-a-effacer-1';
  const { order } = await createOrder(request, {
    clientName: 'Gisèle Lefèvre',
    clientEmail: email,
    clientPhone: '06 00 00 00 01',
    plan: 'pro',
    orderDate: todayIso(),
    username,
    password,
  });
  const clientId = order.clientId!;
  // The client asks from « Mes données ».
  expect(
    (await request.post('/api/client/login', { data: { username, password }, headers: fromAnAddress() })).status(),
  ).toBe(200);
  expect((await request.post('/api/client/erasure-request')).status()).toBe(202);

  await page.setViewportSize({ width: 375, height: 800 });
  await staffSignIn(page);
  await page.getByRole('tab', { name: 'Messages' }).click();
  await page.getByLabel('Type').selectOption('erasure');
  // Found by the account number: the name and e-mail on the card change once erased.
  const card = page.getByRole('article').filter({ has: page.getByText(`n° ${clientId}`, { exact: true }) });
  await expect(card.getByRole('heading', { name: 'Gisèle Lefèvre' })).toBeVisible();
  await expect(card.getByText('Effacement des données', { exact: true })).toBeVisible();
  await expect(card.getByText('À confirmer')).toBeVisible();
  const confirm = card.getByRole('button', { name: 'Confirmer l’effacement' });
  await confirm.scrollIntoViewIfNeeded();
  // Nothing runs off a phone screen.
  await expect(confirm).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await shot(page, 'messages-erasure-375');
  await expectNoSeriousA11yViolations(page);

  await page.setViewportSize({ width: 1280, height: 900 });
  // Cancelling changes nothing.
  await confirm.click();
  const dialog = page.getByRole('alertdialog', { name: 'Effacer les données de ce client ?' });
  await expect(dialog).toContainText('Ses demandes d’assistance encore ouvertes seront annulées.');
  await expect(dialog).toContainText('Ses factures sont conservées 10 ans');
  await shot(page, 'messages-erasure-dialog-desktop');
  await dialog.getByRole('button', { name: 'Annuler' }).click();
  await expect(card.getByText('À confirmer')).toBeVisible();

  await confirm.click();
  await dialog.getByRole('button', { name: 'Effacer définitivement' }).click();
  await expect(page.getByText('Données effacées', { exact: true })).toBeVisible();
  await expect(card.getByRole('heading', { name: 'Client supprimé' })).toBeVisible();
  await expect(card.getByText(`supprime-${clientId}@invalid`)).toBeVisible();
  await expect(card.getByText('Fermé', { exact: true })).toBeVisible();
  await expect(card.getByText(/Effectué le \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
  await expect(card.getByRole('button')).toHaveCount(0);
  await shot(page, 'messages-erasure-desktop');

  // The client is signed out and cannot sign in again; the invoice is still there for staff.
  expect((await request.get('/api/auth/user')).status()).toBe(401);
  expect((await request.post('/api/client/login', { data: { username, password } })).status()).toBe(401);
  expect((await page.request.get(`/api/admin/manual-orders/${order.id}/receipt`)).status()).toBe(200);
});
