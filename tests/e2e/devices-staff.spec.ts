import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN } from '../../playwright.config.ts';
import {
  expectNoSeriousA11yViolations,
  shot,
  staffSignIn,
  fromAnAddress,
  newestRequestsFirst,
  closeOpenedContexts,
} from './fixtures.ts';
import { createClient, WIDTHS, type Client } from './client-fixtures.ts';
import { UPLOAD_HEADER } from '#shared/devices/device-api.ts';

test.afterEach(closeOpenedContexts);

/** Signs the client in to the client area (/client/dashboard), through the API the form posts to, and waits for its script. */
async function openClientArea(page: Page, client: Client) {
  const signIn = await page.request.post('/api/auth/login', {
    data: { email: client.username, password: client.password },
    headers: fromAnAddress(),
  });
  expect(signIn.status(), await signIn.text()).toBe(200);
  await page.goto('/client/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: `Bonjour ${client.name}` })).toBeVisible();
  await expect(page.locator('html[data-script-ready="true"]')).toHaveCount(1);
}

async function addDevice(page: Page, deviceType: string, deviceInfo: string): Promise<number> {
  const res = await page.request.post('/api/client/devices', { data: { deviceType, deviceInfo } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

/** Opens a customer's page in « Utilisateurs » by their e-mail. */
async function openCustomer(staff: Page, client: Client) {
  await staff.getByRole('tab', { name: 'Utilisateurs' }).click();
  await staff.getByLabel('Rechercher un client').fill(client.email);
  const list = staff.getByRole('list', { name: 'Clients' });
  await expect(list.getByRole('button')).toHaveCount(1);
  await list.getByRole('button').click();
  return staff.getByRole('region', { name: client.name });
}

for (const { name, viewport } of WIDTHS) {
  test(`[DEVICES][STAFF] a client with two devices picks one in the client-area form; staff see it on the intervention (${name})`, async ({
    browser,
    request,
  }) => {
    const client = await createClient(request, 'duo');
    const page = await (await browser.newContext({ viewport })).newPage();
    await openClientArea(page, client);
    await addDevice(page, 'windows-pc', `PC du bureau ${name}`);
    const macbook = await addDevice(page, 'macbook', `MacBook Pro 14 ${name}`);
    await page.reload();
    await expect(page.locator('html[data-script-ready="true"]')).toHaveCount(1);

    await page.getByRole('button', { name: 'Créer une demande' }).click();
    const dialog = page.getByRole('dialog', { name: 'Créer une demande' });
    const picker = dialog.getByLabel('Appareil concerné');
    await expect(picker.locator('option')).toHaveCount(2);
    await picker.selectOption(String(macbook));
    await dialog.getByLabel('Décrivez votre problème').fill('Le MacBook ne se connecte plus au Wi-Fi.');
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Envoyer la demande' }).click();
    await expect(dialog).toBeHidden();
    const item = page.getByRole('listitem').filter({ hasText: 'Le MacBook ne se connecte plus au Wi-Fi.' });
    await expect(item).toContainText(`MacBook Pro 14 ${name}`);

    const staff = await (await browser.newContext({ viewport })).newPage();
    await staffSignIn(staff);
    await staff.goto('/admin?tab=interventions');
    await newestRequestsFirst(staff);
    const card = staff.getByRole('article').filter({ hasText: client.email });
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(`MacBook Pro 14 ${name} (appareil n° ${macbook}`);
    await expect(card.getByText('Hors formule')).toHaveCount(0);
    await shot(card, `devices-staff-intervention-${name}`);
    await expectNoSeriousA11yViolations(staff);
  });

  test(`[DEVICES][STAFF] staff view a proof, then open an intervention the client could not, which the client sees come in (${name})`, async ({
    browser,
    request,
  }) => {
    const client = await createClient(request, 'duo');
    const page = await (await browser.newContext({ viewport })).newPage();
    // A real photo of an invoice (the dialog shows it): a PNG the browser draws.
    await page.setContent(
      '<p style="font:20px sans-serif;padding:16px;background:#fff;width:320px">Facture n° 2024-118 — Dell Inspiron</p>',
    );
    const photo = await page.locator('p').screenshot();
    await openClientArea(page, client);
    const laptop = await addDevice(page, 'windows-laptop', `Dell Inspiron ${name}`);
    const sent = await page.request.post(`/api/client/devices/${laptop}/proofs`, {
      headers: { [UPLOAD_HEADER]: '1' },
      multipart: { file: { name: 'facture.png', mimeType: 'image/png', buffer: photo } },
    });
    expect(sent.status(), await sent.text()).toBe(201);

    const staff = await (await browser.newContext({ viewport })).newPage();
    await staffSignIn(staff);
    // The proof is not enough: staff ask another; until it is verified the client cannot ask help for the laptop.
    const asked = await staff.request.post(`/api/admin/devices/${laptop}/request-proof`, {
      data: { message: 'La facture complète, avec votre nom' },
    });
    expect(asked.status()).toBe(200);
    const detail = await openCustomer(staff, client);
    const row = detail.getByTestId('admin-device').filter({ hasText: `Dell Inspiron ${name}` });
    await expect(row).toContainText('Assistance bloquée');

    await row.getByRole('button', { name: 'Voir facture.png' }).click();
    const viewer = staff.getByRole('dialog', { name: 'facture.png' });
    await expect(viewer.getByRole('img', { name: /Justificatif envoyé par Jeanne Martin/ })).toBeVisible();
    await expect
      .poll(() => viewer.getByRole('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    await shot(staff, `devices-staff-proof-${name}`);
    await expectNoSeriousA11yViolations(staff);
    await viewer.getByRole('button', { name: 'Fermer' }).last().click();
    await expect(viewer).toBeHidden();

    await row.getByRole('button', { name: 'Ouvrir une demande' }).click();
    const form = staff.getByRole('dialog', { name: 'Ouvrir une demande' });
    await expect(form).toContainText('Son justificatif est attendu');
    await form.getByRole('button', { name: 'Ouvrir la demande' }).click();
    await expect(form.getByText('Veuillez remplir tous les champs')).toBeVisible();
    await form.getByLabel('Problème décrit par le client').fill('Appel du client : écran bleu au démarrage.');
    await form.getByLabel('Urgence').selectOption('high');
    await shot(staff, `devices-staff-open-request-${name}`);
    await expectNoSeriousA11yViolations(staff);
    await form.getByRole('button', { name: 'Ouvrir la demande' }).click();
    await expect(form).toBeHidden();
    await expect(staff.locator('[data-sonner-toast]').filter({ hasText: /Demande #\d+ ouverte/ })).toBeVisible();

    // The client's open page hears the live event and lists the request.
    const item = page.getByRole('listitem').filter({ hasText: 'Appel du client : écran bleu au démarrage.' });
    await expect(item).toContainText(`Dell Inspiron ${name}`);
    await expect(item).toContainText('Urgence : Élevée');
    // Opened by staff, and said so: the e2e admin gave no first name, so « l’équipe ».
    await expect(item).toContainText('Ouverte par l’équipe');
    await shot(page, `devices-staff-opened-by-client-${name}`);
    await staff.goto('/admin?tab=interventions');
    await newestRequestsFirst(staff);
    const card = staff.getByRole('article').filter({ hasText: client.email });
    await expect(card.getByTestId('opened-by')).toHaveText(`ouverte par l’équipe (${E2E_ADMIN.username})`);
    await shot(card, `devices-staff-opened-by-card-${name}`);
    await expectNoSeriousA11yViolations(page);
  });
}
