import { expect, test } from '@playwright/test';
import {
  createOrder,
  expectNoSeriousA11yViolations,
  searchOrders,
  shot,
  staffSignIn,
  uniqueEmail,
} from './fixtures.ts';
import { signInToDashboard, WIDTHS } from './client-fixtures.ts';
import { todayIso } from '#shared/format.ts';
import type { OrderDocuments } from '#shared/billing/invoice-api.ts';

test('[ADMIN][CREDIT_NOTE] staff cancel a paid order with a credit note; the client sees it in « Mes factures »', async ({
  page,
  request,
  browser,
}) => {
  // Staff, then the client at two widths, then the public check: several sign-ins on a shared machine.
  test.setTimeout(120_000);
  const email = uniqueEmail('avoir');
  const client = {
    name: 'Hélène Avoir',
    username: email.replace(/@.*/, '').replace(/\./g, '-'),
    password: 'motdepasse-helene-1',
  };
  const { id, order } = await createOrder(request, {
    clientName: client.name,
    clientEmail: email,
    username: client.username,
    password: client.password,
    plan: 'pro',
    orderDate: todayIso(),
  });
  const invoice = (order as typeof order & OrderDocuments).documents[0]!;

  await staffSignIn(page);
  await page.getByRole('tab', { name: 'Commandes' }).click();
  // The list is replaced once the search applies (after its debounce): act on the filtered one.
  await searchOrders(page, email);
  const card = page.getByTestId(`order-${id}`);
  await expect(card.getByText(`Facture n° ${invoice.number}`)).toBeVisible();
  await card.getByRole('button', { name: 'Établir un avoir' }).click();

  const dialog = page.getByRole('dialog', { name: `Établir un avoir sur la facture n° ${invoice.number}` });
  const amount = dialog.getByLabel('Montant de l’avoir (€ TTC)');
  await expect(amount).toHaveValue('50,00');
  // More than the invoice: refused under the field by the shared rule, before anything is sent.
  await amount.fill('60');
  await dialog.getByRole('button', { name: 'Émettre l’avoir' }).click();
  await expect(
    dialog.getByText('Le montant dépasse ce qui reste à créditer sur cette facture (50,00 €)'),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await amount.fill('50');
  await dialog.getByLabel('Motif (imprimé sur l’avoir)').fill('Annulation à la demande de la cliente');
  await shot(page, 'credit-note-dialog-desktop');
  await dialog.getByRole('button', { name: 'Émettre l’avoir' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/^Avoir AV-\d{8} établi$/)).toBeVisible();

  const note = card.getByText(/^Avoir n° AV-\d{8}$/);
  await expect(note).toBeVisible();
  const noteNumber = (await note.textContent())!.replace('Avoir n° ', '');
  await expect(card.getByText('Annulé', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Établir un avoir' })).toHaveCount(0);
  await card.getByText('Historique').click();
  await expect(
    card.getByText(
      `Avoir ${noteNumber} de 50,00 € sur la facture n° ${invoice.number} — Annulation à la demande de la cliente`,
    ),
  ).toBeVisible();
  await shot(card, 'credit-note-card-desktop');

  // The client's « Mes factures »: the invoice and its credit note, each a PDF of theirs, at phone and desktop widths.
  for (const { name, viewport } of WIDTHS) {
    const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport });
    const clientPage = await context.newPage();
    await signInToDashboard(clientPage, client.username, client.password);
    await clientPage.goto('/client/factures');
    const invoices = clientPage.getByRole('region', { name: 'Mes factures' });
    await expect(invoices).toContainText(`Facture n° ${invoice.number}`);
    await expect(invoices).toContainText(`Avoir n° ${noteNumber}`);
    await expect(invoices).toContainText('− 50,00 €');
    await expect(invoices).toContainText('Annulé');
    await expectNoSeriousA11yViolations(clientPage);
    const link = invoices.getByRole('link', { name: `Télécharger l’avoir ${noteNumber} (PDF)` });
    const pdf = await clientPage.request.get((await link.getAttribute('href'))!);
    expect(pdf.status()).toBe(200);
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await shot(clientPage, `client-invoices-${name}`);
    await context.close();
  }

  // The public check says the invoice was cancelled, and by which credit note.
  await page.goto(`/verify-invoice?key=${order.verificationKey}`);
  await expect(page.getByRole('heading', { name: 'Facture authentique, annulée' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText(`Annulée par l'avoir ${noteNumber}`);
  await expectNoSeriousA11yViolations(page);
  await shot(page, 'verify-cancelled-desktop');
});
