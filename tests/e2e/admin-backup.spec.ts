import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN } from '../../playwright.config.ts';
import { todayIso } from '#shared/format.ts';
import { readZip } from '#server/test/zip-files.ts';
import { exactlyOneOf, expectNoSeriousA11yViolations, shot, openSecretCode } from './fixtures.ts';

async function openDownloadTab(page: Page) {
  await page.goto('/admin');
  await page.getByLabel("Nom d'utilisateur").fill(E2E_ADMIN.username);
  await page.getByLabel('Mot de passe').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByTestId('staff-username')).toHaveText(E2E_ADMIN.username);
  await openSecretCode(page);
  await page.getByLabel('Code secret').fill(E2E_ADMIN.secretCode);
  await page.getByRole('button', { name: 'Activer' }).click();
  await page.getByRole('tab', { name: 'Téléchargement' }).click();
}

// One backup at a time on the server: the two widths take turns.
test.describe.configure({ mode: 'serial' });

for (const width of [375, 1280]) {
  test(`[ADMIN][BACKUP] starts a backup, follows its progress and downloads the zip with its manifest (${width} px)`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width, height: 900 });
    await openDownloadTab(page);
    await expect(
      page.getByText(/npm run restore -- sauvegarde-rfs-AAAA-MM-JJ\.zip|npm run restore -- sauvegarde-rfs-\d{4}/),
    ).toBeVisible();

    const startedOn = todayIso();
    await page.getByRole('button', { name: 'Télécharger le site complet' }).click();
    // The server answers at once with the backup running; the bar follows it until the archive is written. The text
    // and the bar are read in one look: a small database's backup may end right after the first one is seen.
    const running = page
      .locator('div', { has: page.getByRole('progressbar', { name: 'Génération de la sauvegarde' }) })
      .filter({ has: page.locator('[role=progressbar][aria-valuenow]') })
      .filter({ has: page.getByText(/^Génération en cours\.\.\. \d+ %$/) });
    await expect(running.last()).toBeVisible();
    if (width === 375) await shot(page, `backup-tab-progress-${width}`);

    // Named after the day the server started it: the day of the click, or the next one if midnight came between.
    const names = [startedOn, todayIso()].map((day) => `sauvegarde-rfs-${day}.zip`);
    const link = page.getByRole('link', { name: exactlyOneOf(...names.map((n) => `Télécharger ${n}`)) });
    await expect(link).toBeVisible();
    await expect(page.getByText(/^Sauvegarde prête \(.+ [km]o\), créée le /)).toBeVisible();
    await shot(page, `backup-tab-done-${width}`);
    await expectNoSeriousA11yViolations(page);

    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const fileName = download.suggestedFilename();
    expect(names).toContain(fileName);
    await expect(link).toHaveAccessibleName(`Télécharger ${fileName}`);
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Téléchargement réussi' })).toBeVisible();
    const file = testInfo.outputPath(fileName);
    await download.saveAs(file);
    const entries = await readZip(file);
    expect([...entries.keys()]).toContain('manifest.json');
    const manifest = JSON.parse(entries.get('manifest.json')!.toString('utf8'));
    expect(manifest.tables.staff_users.rows).toBeGreaterThan(0);
    expect(manifest.tables).not.toHaveProperty('staff_sessions');
  });
}

test('[SPEC §8][ADMIN][BACKUP] a backup the server refuses to start says « Erreur de téléchargement » with its reason', async ({
  page,
}) => {
  await openDownloadTab(page);
  await page.route('**/api/admin/backups', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 409,
          contentType: 'application/json',
          body: JSON.stringify({ code: 'BACKUP_RUNNING', message: 'Une sauvegarde est déjà en cours.' }),
        })
      : route.fallback(),
  );
  await page.getByRole('button', { name: 'Télécharger le site complet' }).click();
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Erreur de téléchargement' });
  await expect(toast).toContainText('Une sauvegarde est déjà en cours.');
});
