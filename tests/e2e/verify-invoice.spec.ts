import { expect, test, type Page } from '@playwright/test';
import { createOrder, expectNoSeriousA11yViolations, uniqueEmail } from './fixtures.ts';
import { formatDate } from '#shared/format.ts';
import type { OrderDocuments } from '#shared/billing/invoice-api.ts';

const keyField = (page: Page) => page.getByLabel('Clé de vérification');
const verifyButton = (page: Page) => page.getByRole('button', { name: 'Vérifier' });

async function open(page: Page, url = '/verify-invoice') {
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1, name: 'Vérifier une facture' })).toBeVisible();
  await expect(verifyButton(page)).toBeEnabled();
}

test('[PUBLIC][VERIFY_INVOICE] what is typed in lower case shows in upper case', async ({ page }) => {
  await open(page);
  await keyField(page).pressSequentially('rfs-abcdef-2025');
  await expect(keyField(page)).toHaveValue('RFS-ABCDEF-2025');
});

test('[PUBLIC][VERIFY_INVOICE] an empty key asks for one, without calling the server', async ({ page }) => {
  let called = false;
  page.on('request', (r) => {
    if (r.url().includes('/api/verify-invoice')) called = true;
  });
  await open(page);
  await verifyButton(page).click();
  await expect(page.getByText('Veuillez saisir une clé de vérification')).toBeVisible();
  await expect(keyField(page)).toHaveAttribute('aria-invalid', 'true');
  expect(called).toBe(false);
});

test('[PUBLIC][VERIFY_INVOICE] a badly shaped key says which format is expected', async ({ page }) => {
  await open(page);
  await keyField(page).fill('RFS-123');
  await verifyButton(page).click();
  await expect(page.getByText('Format de clé invalide (RFS-XXXXXX-AAAA)')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('[PUBLIC][VERIFY_INVOICE] an unknown well-formed key → « Facture non trouvée », Enter submits', async ({
  page,
}) => {
  await open(page);
  await keyField(page).fill('rfs-zzzzzz-2025');
  const response = page.waitForResponse((r) => r.url().includes('/api/verify-invoice/'));
  await keyField(page).press('Enter');
  expect((await response).status()).toBe(404);
  await expect(page.getByText('Facture non trouvée. Vérifiez votre clé de vérification.')).toBeVisible();
  await expect(keyField(page)).toHaveValue('RFS-ZZZZZZ-2025');
});

test('[PUBLIC][VERIFY_INVOICE] ?key= fills the field and checks it once the page is loaded', async ({ page }) => {
  const request = page.waitForRequest((r) => r.url().includes('/api/verify-invoice/'));
  await page.goto('/verify-invoice?key=rfs-qrcxde-2025');
  expect(new URL((await request).url()).pathname).toBe('/api/verify-invoice/RFS-QRCXDE-2025');
  await expect(keyField(page)).toHaveValue('RFS-QRCXDE-2025');
  await expect(page.getByText('Facture non trouvée. Vérifiez votre clé de vérification.')).toBeVisible();
});

test('[PUBLIC][VERIFY_INVOICE] a real order’s key shows « Facture authentique » with its details', async ({
  page,
  request,
}) => {
  const { order } = await createOrder(request, {
    clientName: 'Élodie Bérenger',
    clientEmail: uniqueEmail('facture'),
    plan: 'duo',
  });
  const invoice = (order as typeof order & OrderDocuments).documents[0]!;
  await page.goto(`/verify-invoice?key=${order.verificationKey.toLowerCase()}`);
  const result = page.getByRole('main').locator('[aria-live="polite"]');
  await expect(result.getByRole('heading', { name: 'Facture authentique' })).toBeVisible();
  // the invoice as issued: its own number, issued today (the order is dated 17/01/2025)
  for (const text of [invoice.number, formatDate(invoice.issuedOn), 'Élodie Bérenger', '85,00 € TTC', 'Duo', 'Valide'])
    await expect(result).toContainText(text);
  await expect(keyField(page)).toHaveValue(order.verificationKey);
  await expectNoSeriousA11yViolations(page);
});

// The cases the server cannot be asked to produce on demand: how the page shows each kind of answer.
test('[PUBLIC][VERIFY_INVOICE] a found invoice shows « Facture authentique » and its details', async ({ page }) => {
  await page.route('**/api/verify-invoice/**', (route) =>
    route.fulfill({
      status: 200,
      json: {
        number: '00000042',
        issuedOn: '2025-01-17',
        clientName: 'Jeanne Dupont',
        total: '50.00',
        plan: 'Pro',
        status: 'valid',
        statusLabel: 'Valide',
        creditNotes: [],
      },
    }),
  );
  await open(page);
  await keyField(page).fill('RFS-ABCDEF-2025');
  await verifyButton(page).click();
  const result = page.getByRole('main').locator('[aria-live="polite"]');
  await expect(result.getByRole('heading', { name: 'Facture authentique' })).toBeVisible();
  for (const text of ['00000042', '17/01/2025', 'Jeanne Dupont', '50,00 € TTC', 'Pro', 'Valide'])
    await expect(result).toContainText(text);
});

test('[PUBLIC][VERIFY_INVOICE] a pending order’s key shows « En attente » and no invoice number yet', async ({
  page,
}) => {
  await page.route('**/api/verify-invoice/**', (route) =>
    route.fulfill({
      status: 200,
      json: {
        id: 12,
        orderDate: '2025-04-01',
        clientName: 'Paul Attente',
        price: '85.00',
        plan: 'Duo',
        paymentStatus: 'pending',
        number: null,
        issuedOn: null,
        total: null,
        status: 'not_issued',
        statusLabel: 'En attente',
        creditNotes: [],
      },
    }),
  );
  await open(page);
  await keyField(page).fill('RFS-ABCDEF-2025');
  await verifyButton(page).click();
  const result = page.getByRole('main').locator('[aria-live="polite"]');
  await expect(result.getByRole('heading', { name: 'Commande enregistrée, facture pas encore émise' })).toBeVisible();
  for (const text of ['Pas encore émise', '01/04/2025', 'Paul Attente', '85,00 € TTC', 'Duo', 'En attente'])
    await expect(result).toContainText(text);
});

test('[PUBLIC][VERIFY_INVOICE] a gifted invoice shows OFFERT, and a partly credited one says by how much', async ({
  page,
}) => {
  let answer: Record<string, unknown> = {
    number: '00000007',
    issuedOn: '2025-03-02',
    clientName: 'Paul Martin',
    total: '0.00',
    plan: 'Famille',
    status: 'valid',
    statusLabel: 'Valide',
    creditNotes: [],
  };
  await page.route('**/api/verify-invoice/**', (route) => route.fulfill({ status: 200, json: answer }));
  await open(page);
  await keyField(page).fill('RFS-ABCDEF-2025');
  await verifyButton(page).click();
  const result = page.getByRole('main').locator('[aria-live="polite"]');
  for (const text of ['00000007', 'OFFERT', 'Famille', 'Valide']) await expect(result).toContainText(text);
  await expect(result).not.toContainText('TTC');

  answer = {
    ...answer,
    total: '110.00',
    status: 'credited',
    statusLabel: 'Valide, réduite de 20,00 € par l’avoir AV-00000003 du 05/03/2025',
    creditNotes: [{ number: 'AV-00000003', issuedOn: '2025-03-05', total: '20.00' }],
  };
  await keyField(page).fill('RFS-ABCDEG-2025');
  await verifyButton(page).click();
  await expect(result).toContainText('Valide, réduite de 20,00 €');
  await expect(result).toContainText('110,00 € TTC');
});

test('[PUBLIC][VERIFY_INVOICE] a server error and a network failure each get their message', async ({ page }) => {
  await page.route('**/api/verify-invoice/**', (route) =>
    route.fulfill({ status: 500, json: { message: 'Une erreur est survenue' } }),
  );
  await open(page);
  await keyField(page).fill('RFS-ABCDEF-2025');
  await verifyButton(page).click();
  await expect(page.getByText('Erreur lors de la vérification. Veuillez réessayer.')).toBeVisible();

  await page.unroute('**/api/verify-invoice/**');
  await page.route('**/api/verify-invoice/**', (route) => route.abort('internetdisconnected'));
  await verifyButton(page).click();
  await expect(page.getByText('Erreur de connexion. Veuillez réessayer.')).toBeVisible();
});

test('[PUBLIC][VERIFY_INVOICE] explains where the key is printed', async ({ page }) => {
  await open(page);
  await expect(page.getByRole('heading', { name: 'Où trouver la clé ?' })).toBeVisible();
  await expect(page.getByText('en haut de votre facture, sous le QR code')).toBeVisible();
});
