import { expect, test, type Page } from '@playwright/test';
import { createOrder, expectNoSeriousA11yViolations, shot, staffSignIn, uniqueEmail } from './fixtures.ts';
import { todayIso } from '#shared/format.ts';

const noSideScroll = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

test('[ADMIN][REFUSE] staff refuse a registration with a reason, which « Courriels » shows leaving', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('refus');
  const registered = await request.post('/api/register', {
    data: {
      firstName: 'Léa',
      lastName: 'Moreau',
      email,
      phone: '06 12 34 56 78',
      planId: 'pro',
      deviceType: 'other',
      deviceInfo: 'Serveur de mon entreprise',
      acceptCgv: true,
    },
  });
  expect(registered.status()).toBe(201);

  await page.setViewportSize({ width: 375, height: 800 });
  await staffSignIn(page);
  await page.getByRole('tab', { name: 'Messages' }).click();
  const card = page.getByRole('article').filter({ has: page.getByText(email, { exact: true }) });
  await card.getByRole('button', { name: 'Refuser' }).click();
  const dialog = page.getByRole('dialog', { name: 'Refuser l’inscription de Léa Moreau ?' });
  await expect(dialog).toContainText(`${email} recevra un e-mail`);
  await dialog.getByRole('button', { name: 'Refuser et prévenir' }).click();
  await expect(dialog.getByText('Indiquez la raison du refus (elle est envoyée à la personne)')).toBeVisible();
  await shot(page, 'refuse-dialog-375');
  await dialog.getByLabel('Raison du refus').fill('Nous n’intervenons pas sur les serveurs d’entreprise.');
  await dialog.getByRole('button', { name: 'Refuser et prévenir' }).click();
  await expect(page.getByText('Inscription refusée', { exact: true })).toBeVisible();
  await expect(card.getByText('Refusée, raison envoyée')).toBeVisible();
  await expect(card.getByText('Nous n’intervenons pas sur les serveurs d’entreprise.')).toBeVisible();
  await expect(card.getByText('Fermé', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Refuser' })).toHaveCount(0);
  await noSideScroll(page, 375);
  await shot(card, 'refused-card-375');

  // « Courriels »: the acknowledgement and the refusal, each sent once by the background worker.
  await page.getByRole('tab', { name: 'Courriels' }).click();
  await page.getByLabel('Rechercher').fill(email);
  const list = page.getByRole('list', { name: 'Courriels' });
  const refusal = list.getByRole('article').filter({ hasText: 'Votre demande d’inscription – RFS Assistance' });
  const acknowledgement = list.getByRole('article').filter({ hasText: 'Votre demande d’inscription est bien reçue' });
  // The worker runs beside the page: reload until both have left (the e2e server writes them as .eml files).
  await expect(async () => {
    await page
      .getByRole('button', { name: 'Actualiser' })
      .click()
      .catch(() => undefined);
    await expect(refusal.getByText('Envoyé', { exact: true })).toBeVisible({ timeout: 1000 });
    await expect(acknowledgement.getByText('Envoyé', { exact: true })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await expect(refusal.getByText('Inscription refusée', { exact: true })).toBeVisible();
  await expect(refusal.getByText(`À : ${email}`)).toBeVisible();
  await expect(refusal.getByText(/1 essai/)).toBeVisible();
  await expect(list.getByRole('article')).toHaveCount(2);
  await noSideScroll(page, 375);
  await shot(page, 'courriels-375');
  await expectNoSeriousA11yViolations(page);

  await page.setViewportSize({ width: 1280, height: 900 });
  await shot(page, 'courriels-desktop');
});

test('[ADMIN][SUBSCRIPTIONS] « Expire bientôt » lists a subscription ending within 14 days', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('bientot');
  // A month of Basique ordered 20 days ago ends in about 10 days.
  const twentyDaysAgo = todayIso(new Date(Date.now() - 20 * 86_400_000));
  await createOrder(request, {
    clientName: 'Bernard Bientôt',
    clientEmail: email,
    plan: 'basique',
    orderDate: twentyDaysAgo,
  });

  await page.setViewportSize({ width: 375, height: 800 });
  await staffSignIn(page);
  await page.getByRole('tab', { name: 'Abonnements' }).click();
  await page.getByRole('button', { name: 'Expire bientôt' }).click();
  const row = page.getByRole('list', { name: 'Abonnements' }).getByRole('listitem').filter({ hasText: email });
  await expect(row.getByText('Expire bientôt', { exact: true })).toBeVisible();
  await noSideScroll(page, 375);
  await shot(page, 'subscriptions-expiring-375');
  await page.setViewportSize({ width: 1280, height: 900 });
  await shot(page, 'subscriptions-expiring-desktop');
  await page.getByRole('button', { name: 'Expirés' }).click();
  await expect(
    page.getByRole('list', { name: 'Abonnements' }).getByRole('listitem').filter({ hasText: email }),
  ).toHaveCount(0);
});
