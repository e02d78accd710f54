import { expect, test } from '@playwright/test';
import { createClient, signInToDashboard, WIDTHS } from './client-fixtures.ts';
import { expectNoSeriousA11yViolations, shot, staffSignIn, newestRequestsFirst } from './fixtures.ts';

const KEY = 'sfYuCTMHxrA22kukomb/RAKYyUgr8iaMfm/U4CFLfL0=';

for (const { name, viewport } of WIDTHS) {
  test(`[REMOTE][TOOLS] the tools the company offers, their download and the staff's link (${name})`, async ({
    browser,
    request,
  }) => {
    const client = await createClient(request, 'pro');
    // An admin offers RustDesk on the company's server, AnyDesk and TeamViewer, not Quick Assist. Both widths save the
    // same settings, and RustDesk stays first, so tests running beside this one (response-clock.spec.ts) keep their
    // default tool; nothing is restored, so no run changes the settings under another's feet.
    const staffPage = await (await browser.newContext({ viewport })).newPage();
    await staffSignIn(staffPage);
    await staffPage.getByRole('tab', { name: 'Interventions' }).click();
    await staffPage.getByText('Outils de prise en main proposés aux clients').click();
    const settings = staffPage.locator('details').filter({ hasText: 'Outils proposés' });
    await settings.getByLabel('Assistance rapide (Quick Assist)').uncheck();
    await settings.getByLabel('Serveur ID RustDesk').fill('rd.exemple.fr');
    await settings.getByLabel('Clé publique RustDesk').fill('pas une clé');
    await settings.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(settings.getByText('Clé invalide : les 44 caractères du fichier id_ed25519.pub')).toBeVisible();
    await expectNoSeriousA11yViolations(staffPage);
    await shot(staffPage, `remote-tools-settings-${name}`);
    await settings.getByLabel('Clé publique RustDesk').fill(KEY);
    const saved = staffPage.waitForResponse((r) => r.url().endsWith('/api/admin/remote-tools') && r.ok());
    await settings.getByRole('button', { name: 'Enregistrer' }).click();
    await saved;

    // The client's form offers only those, with the download for their system and the server to enter.
    const clientPage = await (await browser.newContext({ viewport })).newPage();
    await signInToDashboard(clientPage, client.username, client.password);
    await clientPage.getByRole('button', { name: 'Session à distance' }).click();
    const dialog = clientPage.getByRole('dialog', { name: 'Session à distance' });
    const tool = dialog.getByLabel('Outil de prise en main');
    await expect(tool).toHaveValue('rustdesk');
    await expect(tool.locator('option')).toHaveText(['RustDesk', 'AnyDesk', 'TeamViewer']);
    // Chromium here says Linux: Windows comes first; the client switches to Mac.
    await expect(dialog.getByLabel('Windows')).toBeChecked();
    const guide = dialog.getByTestId('remote-tool-guide');
    await dialog.getByLabel('Mac').check();
    await expect(guide.getByRole('link', { name: 'Télécharger RustDesk pour Mac' })).toHaveAttribute(
      'href',
      'https://github.com/rustdesk/rustdesk/releases/latest',
    );
    const server = guide.getByTestId('rustdesk-server');
    await expect(server).toContainText('rd.exemple.fr');
    await expect(server).toContainText(KEY);
    await expectNoSeriousA11yViolations(clientPage);
    await shot(clientPage, `remote-tools-rustdesk-${name}`);

    await tool.selectOption('anydesk');
    await expect(guide.getByRole('link', { name: 'Télécharger AnyDesk pour Mac' })).toHaveAttribute(
      'href',
      'https://anydesk.com/fr/downloads/mac-os',
    );
    await expect(guide.getByTestId('rustdesk-server')).toHaveCount(0);
    await dialog.getByLabel('Identifiant AnyDesk').fill('martin@gmail.com');
    await dialog.getByRole('button', { name: 'Demander la session' }).click();
    await expect(
      dialog.getByText('Identifiant AnyDesk invalide : 9 ou 10 chiffres, par exemple 123 456 789, ou un alias en @ad'),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(clientPage);
    await shot(clientPage, `remote-tools-anydesk-${name}`);
    await dialog.getByLabel('Identifiant AnyDesk').fill('987 654 321');
    await dialog.getByRole('button', { name: 'Demander la session' }).click();
    await expect(dialog).toBeHidden();

    // Staff open it in AnyDesk from the request.
    await staffPage.reload();
    await newestRequestsFirst(staffPage);
    const card = staffPage.getByRole('article').filter({ hasText: client.email });
    const remote = card.getByTestId('remote-session');
    await expect(remote.getByRole('link', { name: 'Ouvrir dans AnyDesk' })).toHaveAttribute(
      'href',
      'anydesk:987654321',
    );
    await expect(remote.getByRole('button', { name: 'Copier l’identifiant' })).toBeVisible();
    await expectNoSeriousA11yViolations(staffPage);
    await shot(staffPage, `remote-tools-staff-${name}`);
    await staffPage.context().close();
    await clientPage.context().close();
  });
}
