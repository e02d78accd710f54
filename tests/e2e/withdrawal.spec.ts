import { expect, test } from '@playwright/test';
import { WIDTHS, createClient, lastMailTo, openClientPage, signInToDashboard } from './client-fixtures.ts';
import { expectNoSeriousA11yViolations, shot } from './fixtures.ts';

// The online withdrawal function (L221-18, directive 2023/2673; docs/decisions/041): during the 14 days after payment,
// « Me rétracter » beside the order, confirmed in a dialog, acknowledged on the page and by e-mail.
for (const { name, viewport } of WIDTHS) {
  test.describe(`on ${name}`, () => {
    test.use({ viewport });
    test(`[CLIENT][WITHDRAWAL] the contract e-mail carries the form; « Me rétracter » within 14 days (${name})`, async ({
      page,
      request,
    }) => {
      const client = await createClient(request, 'basique');
      // Paid today: the contract confirmation, with the withdrawal information and the model form, went out.
      let contract: string | undefined;
      await expect.poll(async () => (contract = await lastMailTo(client.email, /présent formulaire/))).toBeDefined();
      expect(contract).toContain('uniquement si vous souhaitez vous rétracter du contrat');

      await signInToDashboard(page, client.username, client.password);
      await openClientPage(page, '/client/factures');
      const order = page.getByRole('listitem').filter({ hasText: 'Basique' }).first();
      await order.getByRole('button', { name: 'Me rétracter' }).click();
      const dialog = page.getByRole('alertdialog', { name: /Vous rétracter de la formule/ });
      await expect(dialog).toContainText('inclus');
      await expectNoSeriousA11yViolations(page);
      await shot(page, `withdrawal-confirm-${name}`);
      await dialog.getByRole('button', { name: 'Me rétracter' }).click();

      // No express request on this order: the whole price comes back.
      await expect(page.getByText('Rétractation enregistrée', { exact: true })).toBeVisible();
      await expect(order.getByTestId('withdrawal-done')).toContainText('10,00 € à rembourser');
      await expect(order.getByRole('button', { name: 'Me rétracter' })).toHaveCount(0);
      await shot(page, `withdrawal-done-${name}`);
      await expect
        .poll(async () =>
          lastMailTo(client.email, /Nous avons bien reçu, le .* votre rétractation/).then((m) => m?.includes('10,00')),
        )
        .toBe(true);
    });
  });
}
