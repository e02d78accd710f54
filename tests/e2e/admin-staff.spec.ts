import { expect, test, type Page } from '@playwright/test';
import { todayIso } from '#shared/format.ts';
import { lastMailTo } from './client-fixtures.ts';
import {
  expectNoSeriousA11yViolations,
  shot,
  staffSignIn,
  uniqueEmail,
  fromAnAddress,
  newestRequestsFirst,
} from './fixtures.ts';

/** Both widths the team works at: a phone between two visits, the office screen. */
async function shoot(page: Page, name: string) {
  for (const [width, height] of [
    [375, 812],
    [1280, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    await shot(page, `team-${name}-${width}`);
  }
}

test('[ADMIN][TEAM] an admin adds a technician, who chooses a password from the e-mail, sees only their tabs and completes an intervention; the admin reads it in the journal', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('technicien');
  const username = `tech${Date.now().toString(36)}`;
  const password = 'cle-anglaise-tournevis';

  await staffSignIn(page);
  await page.getByRole('tab', { name: 'Équipe' }).click();
  await page.getByRole('button', { name: 'Ajouter un membre' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ajouter un membre' });
  await dialog.getByLabel('Identifiant').fill(username);
  await dialog.getByLabel('Adresse e-mail').fill(email);
  await dialog.getByLabel('Rôle').selectOption('technicien');
  await shoot(page, 'create-dialog');
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Ajouter et envoyer le lien' }).click();
  await expect(page.getByText(`${username} ajouté à l’équipe`)).toBeVisible();
  const row = page.getByTestId('team-member').filter({ hasText: username });
  await expect(row.getByText('Actif')).toBeVisible();
  // Making someone admin opens everything to them: the menu asks first, and « Annuler » keeps the role.
  await row.getByLabel(`Rôle de ${username}`).selectOption('admin');
  const promote = page.getByRole('alertdialog', { name: `Nommer ${username} administrateur ?` });
  await expect(promote).toContainText('Il aura accès à tout l’espace staff');
  await promote.getByRole('button', { name: 'Annuler' }).click();
  await expect(promote).toBeHidden();
  await expect(row.getByLabel(`Rôle de ${username}`)).toHaveValue('technicien');
  await shoot(page, 'tab');
  await expectNoSeriousA11yViolations(page);

  // The e-mail the server wrote (no SMTP_URL): its link opens the « choose your password » page.
  let mail: string | undefined;
  await expect.poll(async () => (mail = await lastMailTo(email, /set-password\?token=/))).toBeDefined();
  const link = /https?:\/\/\S+\/admin\/set-password\?token=[A-Za-z0-9_-]+/.exec(mail!)![0];
  expect(mail).toContain(username);

  const techContext = await browser.newContext();
  const tech = await techContext.newPage();
  await tech.goto(link);
  await tech.getByLabel('Nouveau mot de passe').fill(password);
  await tech.getByLabel('Confirmez le mot de passe').fill(password);
  await shoot(tech, 'set-password');
  await expectNoSeriousA11yViolations(tech);
  await tech.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(tech.getByText(`Connectez-vous avec l’identifiant « ${username} »`)).toBeVisible();

  await staffSignIn(tech, { username, password }, { form: true });
  await expect(tech.getByRole('tab')).toHaveText(['Messages', 'Abonnements', 'Interventions', 'Appareils', 'Aide']);
  await expect(tech.getByRole('button', { name: 'Déverrouiller' })).toHaveCount(0);
  await shoot(tech, 'technician-view');
  await expectNoSeriousA11yViolations(tech);

  // A client asks for help; the technician takes it in hand and completes it.
  const suggested = (await (await page.request.get('/api/admin/credentials/suggest?name=Odette%20Lemoine')).json()) as {
    username: string;
    password: string;
  };
  const clientEmail = uniqueEmail('odette');
  expect(
    (
      await page.request.post('/api/admin/manual-orders', {
        data: {
          clientName: 'Odette Lemoine',
          clientEmail,
          username: suggested.username,
          password: suggested.password,
          plan: 'pro',
          paymentMethod: 'carte',
          paymentStatus: 'paid',
          orderDate: todayIso(),
        },
      })
    ).status(),
  ).toBe(201);
  expect(
    (
      await request.post('/api/client/login', {
        data: { username: suggested.username, password: suggested.password },
        headers: fromAnAddress(),
      })
    ).ok(),
  ).toBe(true);
  expect(
    (
      await request.post('/api/client/interventions', {
        data: {
          description: `Wi-Fi coupé ${clientEmail}`,
          urgency: 'medium',
          deviceType: 'mac',
          deviceInfo: 'MacBook Air',
        },
      })
    ).ok(),
  ).toBe(true);

  await tech.setViewportSize({ width: 1280, height: 900 });
  await tech.getByRole('tab', { name: 'Interventions' }).click();
  await newestRequestsFirst(tech);
  await tech.getByRole('button', { name: 'Actualiser' }).click();
  const card = tech.getByRole('article').filter({ hasText: clientEmail });
  await card.getByRole('button', { name: 'Prendre en charge' }).click();
  await expect(card.getByText('En cours', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Terminer' }).click();
  await card.getByLabel('Durée (minutes)').fill('20');
  await card.getByRole('button', { name: 'Confirmer la fin' }).click();
  await expect(card.getByText('Terminée', { exact: true })).toBeVisible();
  // What a technician may not see, the server refuses too.
  expect((await tech.request.get('/api/admin/stats')).status()).toBe(403);
  await techContext.close();

  await page.getByRole('tab', { name: 'Journal' }).click();
  // Within the journal's filters: until the tab has loaded, « Équipe » and its « Membres de l’équipe » list are still shown.
  const filters = page.getByRole('form', { name: 'Filtres du journal' });
  await filters.getByLabel('Membre').selectOption(username);
  await filters.getByLabel('Action').selectOption('intervention');
  const entries = page.getByTestId('journal-entry');
  // « Prendre en charge » made the request theirs (intervention.assign), then its two status changes.
  await expect(entries).toHaveCount(3);
  // In words: the action, the object, and what changed.
  await expect(entries.first()).toContainText('Intervention modifiée');
  await expect(entries.first()).toContainText('Intervention n°');
  await expect(entries.first().getByRole('list', { name: 'Changements' })).toContainText(
    'Statut : En cours → Terminée',
  );
  await expect(entries.first().getByRole('list', { name: 'Changements' })).toContainText('Durée (min) : — → 20');
  await expect(entries.nth(2)).toContainText('Intervention attribuée');
  await expectNoSeriousA11yViolations(page);
  await expect(entries.first()).toContainText('depuis 127.0.0.1');
  await shoot(page, 'journal');
});
