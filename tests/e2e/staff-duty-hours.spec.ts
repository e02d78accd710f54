import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, shot, staffSignIn, uniqueEmail, openStaffMenu } from './fixtures.ts';

async function shoot(page: Page, name: string) {
  for (const [width, height] of [
    [375, 812],
    [1280, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    await shot(page, `duty-${name}-${width}`);
  }
}

test('[ADMIN][TEAM][DUTY] an admin sets a member’s working hours in « Équipe »; a wrong range is refused under its day', async ({
  page,
}) => {
  const username = `garde${Date.now().toString(36)}`;
  await staffSignIn(page);
  const created = await page.request.post('/api/admin/team', {
    data: { username, email: uniqueEmail('garde'), role: 'technicien' },
  });
  expect(created.status()).toBe(201);

  await page.getByRole('tab', { name: 'Équipe' }).click();
  const row = page.getByTestId('team-member').filter({ hasText: username });
  await expect(row.getByTestId('duty-hours')).toHaveText('Horaires de garde : Horaires des formules');
  await row.getByRole('button', { name: 'Horaires' }).click();
  const dialog = page.getByRole('dialog', { name: `Horaires de garde de ${username}` });
  await dialog.getByLabel(/^Horaires personnels/).check();
  // Monday to Friday 9 h – 18 h is offered; Wednesday is made to end before it starts, Saturday morning added.
  await dialog.getByLabel('Mercredi : fin').fill('08:00');
  await dialog.getByRole('checkbox', { name: 'Samedi' }).check();
  await dialog.getByLabel('Samedi : début').fill('10:00');
  await dialog.getByLabel('Samedi : fin').fill('12:00');
  await dialog.getByRole('button', { name: 'Enregistrer les horaires' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(/^Mercredi : l’heure de fin doit être après l’heure de début/);
  await expect(dialog.getByLabel('Mercredi : fin')).toHaveAttribute('aria-invalid', 'true');
  await shoot(page, 'member-dialog-error');
  await expectNoSeriousA11yViolations(page);

  await dialog.getByLabel('Mercredi : fin').fill('18:00');
  await dialog.getByRole('button', { name: 'Enregistrer les horaires' }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByTestId('duty-hours')).toHaveText(
    'Horaires de garde : Lun. 09:00–18:00 · Mar. 09:00–18:00 · Mer. 09:00–18:00 · Jeu. 09:00–18:00 · Ven. 09:00–18:00 · Sam. 10:00–12:00',
  );
  await shoot(page, 'team-tab');
  await expectNoSeriousA11yViolations(page);

  // The signed-in member's own hours, from the header: read, not changed (other tests warn this account).
  await openStaffMenu(page);
  await page.getByRole('button', { name: 'Mes horaires' }).click();
  const mine = page.getByRole('dialog', { name: 'Mes horaires de garde' });
  await expect(mine.getByLabel(/^Horaires des formules/)).toBeChecked();
  await shoot(page, 'my-hours');
  await expectNoSeriousA11yViolations(page);
  await mine.getByRole('button', { name: 'Annuler' }).click();
  await expect(mine).toBeHidden();
});
