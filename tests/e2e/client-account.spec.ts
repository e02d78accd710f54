import { expect, test } from '@playwright/test';
import { FORGOT_PASSWORD_SENT, RESET_LINK_INVALID } from '#shared/clients/client-api.ts';
import { WIDTHS, createClient, lastMailTo, signInToDashboard } from './client-fixtures.ts';
import { expectNoSeriousA11yViolations, shot } from './fixtures.ts';
import { readZip } from '#server/test/zip-files.ts';

test.describe('on a phone', () => {
  test.use({ viewport: WIDTHS[0].viewport });

  test('[CLIENT][PASSWORD] forgotten password: the e-mailed link sets a new one, once', async ({ page, request }) => {
    const client = await createClient(request, 'pro');
    await page.goto('/client/login');
    await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByRole('button', { name: 'Recevoir le lien' })).toBeEnabled();
    await page.getByRole('button', { name: 'Recevoir le lien' }).click();
    await expect(page.getByText('Saisissez votre adresse e-mail ou votre identifiant')).toBeVisible();
    await page.getByLabel('Adresse e-mail ou identifiant').fill(client.username);
    await page.getByRole('button', { name: 'Recevoir le lien' }).click();
    await expect(page.getByText(FORGOT_PASSWORD_SENT)).toBeVisible();

    // Staff's order sent the credentials first: the reset e-mail is the one holding a link.
    const LINK = /https?:\/\/\S+\/reset-password\?token=[\w-]+/;
    let mail: string | undefined;
    await expect
      .poll(async () => (mail = await lastMailTo(client.email, LINK)), { message: 'reset e-mail in the outbox' })
      .toBeTruthy();
    const link = new URL(LINK.exec(mail!)![0]);

    await page.goto(link.pathname + link.search);
    await expect(page.getByRole('button', { name: 'Enregistrer', exact: true })).toBeEnabled();
    await page.getByLabel('Nouveau mot de passe', { exact: true }).fill('un mot de passe neuf');
    await page.getByLabel('Confirmez le nouveau mot de passe').fill('un autre mot de passe');
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await expect(page.getByText('Les deux mots de passe ne correspondent pas')).toBeVisible();
    await page.getByLabel('Nouveau mot de passe', { exact: true }).fill('court');
    await page.getByLabel('Confirmez le nouveau mot de passe').fill('court');
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await expect(page.getByText('Le mot de passe doit contenir au moins 12 caractères')).toBeVisible();

    await page.getByLabel('Nouveau mot de passe', { exact: true }).fill('un mot de passe neuf');
    await page.getByLabel('Confirmez le nouveau mot de passe').fill('un mot de passe neuf');
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await expect(page.getByText('Mot de passe modifié')).toBeVisible();
    await expect(page).toHaveURL(/\/client\/login$/);

    await page.getByLabel("Nom d'utilisateur").fill(client.username);
    await page.getByLabel('Mot de passe').fill('un mot de passe neuf');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page).toHaveURL(/\/client\/dashboard$/);

    // The link works once.
    await page.goto(link.pathname + link.search);
    await page.getByLabel('Nouveau mot de passe', { exact: true }).fill('encore un mot de passe');
    await page.getByLabel('Confirmez le nouveau mot de passe').fill('encore un mot de passe');
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: RESET_LINK_INVALID })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Demander un nouveau lien' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });
});

test('[CLIENT][PASSWORD] a link without its token says so; /login offers the forgotten-password page too', async ({
  page,
}) => {
  await page.goto('/reset-password');
  await expect(page.getByRole('alert').filter({ hasText: RESET_LINK_INVALID })).toBeVisible();
  await page.goto('/login');
  await expect(page.getByRole('link', { name: 'Mot de passe oublié ?' })).toHaveAttribute('href', '/forgot-password');
});

test('[CLIENT][ACCOUNT] change the password from « Mon compte », errors under the fields', async ({
  page,
  request,
}) => {
  // Four password checks and a new hash at the production cost: slow on a busy machine.
  test.slow();
  const client = await createClient(request, 'pro');
  await signInToDashboard(page, client.username, client.password);
  await page.getByRole('navigation', { name: 'Espace client' }).getByRole('link', { name: 'Mon compte' }).click();
  const form = page.getByRole('region', { name: 'Mot de passe' });
  const submit = form.getByRole('button', { name: 'Changer mon mot de passe' });

  await form.getByLabel('Mot de passe actuel').fill('pas-le-bon-mot-de-passe');
  await form.getByLabel('Nouveau mot de passe', { exact: true }).fill('une phrase bien longue');
  await form.getByLabel('Confirmez le nouveau mot de passe').fill('une phrase bien longue');
  await submit.click();
  await expect(form.getByText('Mot de passe actuel incorrect')).toBeVisible();
  await expect(form.getByLabel('Mot de passe actuel')).toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousA11yViolations(page);

  // The e-mail's local part is the first guess of an attacker: refused before it is sent.
  await form.getByLabel('Mot de passe actuel').fill(client.password);
  await form.getByLabel('Nouveau mot de passe', { exact: true }).fill(`${client.email.split('@')[0]}-2025`);
  await form.getByLabel('Confirmez le nouveau mot de passe').fill(`${client.email.split('@')[0]}-2025`);
  await submit.click();
  await expect(
    form.getByText('Le mot de passe ne doit pas contenir votre identifiant ni votre adresse e-mail'),
  ).toBeVisible();

  await form.getByLabel('Nouveau mot de passe', { exact: true }).fill('une phrase bien longue');
  await form.getByLabel('Confirmez le nouveau mot de passe').fill('une phrase bien longue');
  await submit.click();
  await expect(page.getByText('Mot de passe modifié')).toBeVisible();
  await expect(form.getByLabel('Mot de passe actuel')).toHaveValue('');

  // The new password opens the account from another browser.
  const fresh = await page.context().browser()!.newContext({ baseURL: test.info().project.use.baseURL });
  await signInToDashboard(await fresh.newPage(), client.username, 'une phrase bien longue', { form: true });
  await fresh.close();
});

test('[CLIENT][ACCOUNT] « Mes factures » downloads the paid invoice; « Mes données » downloads the data and asks for erasure', async ({
  page,
  request,
}) => {
  const client = await createClient(request, 'basique');
  await signInToDashboard(page, client.username, client.password);
  await page.goto('/client/factures');
  const invoices = page.getByRole('region', { name: 'Mes factures' });
  await expect(invoices).toContainText('Basique');
  await expect(invoices).toContainText('10,00 €');
  await expect(invoices).toContainText('Payé');
  const download = invoices.getByRole('link', { name: /Télécharger la facture \d{8} \(PDF\)/ });
  const pdf = await page.request.get((await download.getAttribute('href'))!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

  await page.goto('/client/compte');
  const data = page.getByRole('region', { name: 'Mes données' });
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    data.getByRole('link', { name: 'Télécharger mes données (.zip)' }).click(),
  ]);
  expect(file.suggestedFilename()).toMatch(/^mes-donnees-\d{4}-\d{2}-\d{2}\.zip$/);
  const archive = await readZip(await file.path());
  const json = JSON.parse(archive.get('data.json')!.toString('utf8'));
  expect(json.account.email).toBe(client.email);
  expect(json.orders).toHaveLength(1);
  await shot(page, 'mes-donnees-1280');
  await page.setViewportSize({ width: 375, height: 800 });
  await data.getByRole('link', { name: 'Télécharger mes données (.zip)' }).scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await shot(page, 'mes-donnees-375');

  await data.getByRole('button', { name: 'Demander la suppression de mon compte' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Demander la suppression de votre compte ?' });
  await expect(confirm).toContainText('conservées 10 ans');
  await expectNoSeriousA11yViolations(page);
  await confirm.getByRole('button', { name: 'Oui, demander la suppression' }).click();
  await expect(page.getByText('Notre équipe va traiter votre demande de suppression.')).toBeVisible();
  await expect(data.getByTestId('erasure-pending')).toContainText('en cours de traitement');
  await page.reload();
  await expect(page.getByRole('region', { name: 'Mes données' }).getByTestId('erasure-pending')).toBeVisible();
});

test('[CLIENT][FORMS] before the script runs, the offers on the client’s home cannot be sent by the browser itself', async ({
  browser,
  page,
  request,
}) => {
  // Without a plan running: the home, rendered by the server, shows the offers' form.
  const client = await createClient(request, 'duo', { orderDate: '2020-01-01' });
  await signInToDashboard(page, client.username, client.password);
  // The same session, in a browser that has not run the page's script yet (a slow network, the script still loading).
  // Sent by the browser itself, a form would go out as a GET to the same address: what was typed in the address bar
  // and the server's logs, and lost from the page.
  const early = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  try {
    const tab = await early.newPage();
    await tab.goto('/client/accueil');
    const offers = tab.getByRole('region', { name: 'Nos offres' });
    await expect(offers.getByRole('button', { name: /formule Duo/ })).toBeDisabled();
  } finally {
    await early.close();
  }
  // Once the script runs, the same buttons answer.
  await expect(
    page.getByRole('region', { name: 'Nos offres' }).getByRole('button', { name: /formule Duo/ }),
  ).toBeEnabled();
});
