import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from '../../playwright.config.ts';
import { expectNoSeriousA11yViolations, staffSignIn, openSecretCode, openStaffMenu } from './fixtures.ts';

test('[ADMIN][LOGIN] a wrong password is refused, the right one signs in and survives a reload', async ({ page }) => {
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Espace staff' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Both fields are required before anything is sent.
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByText("Le nom d'utilisateur est requis")).toBeVisible();
  await expect(page.getByText('Le mot de passe est requis')).toBeVisible();

  await page.getByLabel("Nom d'utilisateur").fill(E2E_ADMIN.username);
  await page.getByLabel('Mot de passe').fill('pas-le-bon-mot-de-passe');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.locator('form').getByText('Identifiants incorrects')).toBeVisible();
  await expect(page.getByText('Erreur de connexion')).toBeVisible();

  await page.getByLabel('Mot de passe').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByTestId('staff-username')).toHaveText(E2E_ADMIN.username);
  // An admin's eleven tabs, « Aide » included (Téléchargement comes once unlocked).
  await expect(page.getByRole('tab')).toHaveCount(11);

  // The session is the server's cookie: a reload keeps the staff signed in, and ?tab= keeps the tab.
  await page.getByRole('tab', { name: 'Commandes' }).click();
  await expect(page).toHaveURL(/\?tab=orders$/);
  await page.reload();
  await expect(page.getByTestId('staff-username')).toHaveText(E2E_ADMIN.username);
  await expect(page.getByRole('tab', { name: 'Commandes' })).toHaveAttribute('aria-selected', 'true');
});

test('[ADMIN][A11Y] the signed-in dashboard and the order dialog have no serious accessibility violation', async ({
  page,
}) => {
  await staffSignIn(page);
  await expect(page.getByRole('heading', { name: 'Tableau de bord' })).toBeVisible();
  await expect(page.getByText("Chiffre d'affaires").first()).toBeVisible();
  await expect(page.getByText('Taux de conversion')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  // On a laptop's 1280 px, the plan table shows its six columns without scrolling sideways.
  await page.setViewportSize({ width: 1280, height: 800 });
  const planTable = page.locator('[role="region"][aria-labelledby="plan-table-title"]');
  await expect(planTable.getByRole('columnheader', { name: 'Coût crédits' })).toBeVisible();
  expect(await planTable.evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);
  // The order form is where staff spend their day: scanned with its dialog open.
  await page.getByRole('tab', { name: 'Commandes' }).click();
  await page.getByRole('button', { name: 'Nouvelle commande' }).click();
  await expect(page.getByRole('dialog', { name: 'Nouvelle commande' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('[ADMIN][KEYBOARD] Tab goes through the sections without opening them; Enter opens one', async ({ page }) => {
  await staffSignIn(page);
  const tab = (name: string) => page.getByRole('tab', { name, exact: true });
  await tab('Interventions').click();
  await expect(page).toHaveURL(/[?&]tab=interventions/);
  // From the first section, Tab stops once in each group of sections on its way to the page's content.
  await tab('Tableau de bord').focus();
  for (let i = 0; i < 4; i++) await page.keyboard.press('Tab');
  await expect(page).toHaveURL(/[?&]tab=interventions/);
  await expect(tab('Interventions')).toHaveAttribute('aria-selected', 'true');
  await tab('Commandes').focus();
  await page.keyboard.press('Enter');
  await expect(tab('Commandes')).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/[?&]tab=orders/);
});

test('[ADMIN][CLOCK] the header clock shows the date and time and ticks every second', async ({ page }) => {
  await page.clock.install({ time: new Date('2025-03-14T09:00:00+01:00') });
  await staffSignIn(page);
  // Paused at a known instant, then moved on by exactly one second: no real waiting, no race.
  await page.clock.pauseAt(new Date('2025-03-14T09:26:53+01:00'));
  const clock = page.getByTestId('live-clock');
  await expect(clock).toContainText('Vendredi 14 mars 2025');
  await expect(clock).toContainText('09:26:53');
  await page.clock.runFor(1000);
  await expect(clock).toContainText('09:26:54');
});

test.describe('a member whose computer is set to another time zone', () => {
  test.use({ timezoneId: 'America/Martinique' });

  test('[ADMIN][CLOCK] reads the time in Paris, as the due times beside it', async ({ page }) => {
    await page.clock.install({ time: new Date('2025-03-14T23:30:00+01:00') });
    await staffSignIn(page);
    await page.clock.pauseAt(new Date('2025-03-14T23:59:58+01:00'));
    const clock = page.getByTestId('live-clock');
    // 18:59 in Martinique, 23:59 in Paris; two seconds later, Saturday in Paris.
    await expect(clock).toContainText('Vendredi 14 mars 2025');
    await expect(clock).toContainText('23:59:58');
    await page.clock.runFor(2000);
    await expect(clock).toContainText('Samedi 15 mars 2025');
    await expect(clock).toContainText('00:00:00');
  });
});

test('[SPEC §2 §7][ADMIN][REFRESH] « Actualiser » reloads every list, those of the tabs left too, together', async ({
  page,
}) => {
  await staffSignIn(page);
  // The specification's five lists, each in its tab, and the dashboard's figures, opened first.
  const lists = [
    ['Commandes', '/api/admin/manual-orders'],
    ['Utilisateurs', '/api/admin/users'],
    ['Messages', '/api/admin/contacts'],
    ['Abonnements', '/api/admin/subscriptions'],
    ['Interventions', '/api/admin/interventions'],
  ] as const;
  for (const [tab, path] of lists) {
    const loaded = page.waitForResponse((r) => new URL(r.url()).pathname === path);
    await page.getByRole('tab', { name: tab }).click();
    expect((await loaded).status()).toBe(200);
  }

  // Only « Interventions » is on screen now; « Actualiser » asks the server for every list again.
  const asked = new Set<string>();
  page.on('request', (r) => asked.add(new URL(r.url()).pathname));
  await page.getByRole('button', { name: 'Actualiser' }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Données actualisées' })).toBeVisible();
  expect([...asked]).toEqual(expect.arrayContaining([...lists.map(([, path]) => path), '/api/admin/stats']));
});

test('[ADMIN][UNLOCK] a wrong code is refused, the right one adds the download tab; logout returns to sign-in', async ({
  page,
}) => {
  await staffSignIn(page);
  await expect(page.getByRole('tab')).toHaveCount(11);

  await openSecretCode(page);
  await page.getByLabel('Code secret').fill('mauvais-code');
  await page.getByRole('button', { name: 'Activer' }).click();
  await expect(page.locator('form').getByText('Le code secret saisi est invalide')).toBeVisible();
  await expect(page.getByText('Code incorrect')).toBeVisible();
  await expect(page.getByRole('tab')).toHaveCount(11);

  await page.getByLabel('Code secret').fill(E2E_ADMIN.secretCode);
  await page.getByRole('button', { name: 'Activer' }).click();
  await expect(page.getByRole('tab')).toHaveCount(12);
  await page.getByRole('tab', { name: 'Téléchargement' }).click();
  // « Génération en cours... » while a backup of another test runs on this server.
  await expect(
    page.getByRole('button', { name: /^(Télécharger le site complet|Génération en cours\.\.\.)$/ }),
  ).toBeVisible();

  // The backup itself (progress, download, archive): admin-backup.spec.ts.

  await openStaffMenu(page);
  await page.getByRole('button', { name: 'Déconnexion' }).click();
  await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
});

test('[ADMIN][SESSION] an expired session returns to the sign-in form with a notice', async ({ page, context }) => {
  await staffSignIn(page);
  // The server forgets nothing here: dropping the cookie is what an expired session looks like to the browser.
  await context.clearCookies();
  // « Actualiser » asks the server again. A request of the tabs still loading may meet the expired session first and
  // bring the sign-in form before the click: either way the form and its notice must come, so the click is made only
  // if the button is still there (a locator would wait for a button that is rightly gone).
  await page.evaluate(() =>
    [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Actualiser')?.click(),
  );
  await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
  await expect(page.getByText('Session expirée')).toBeVisible();
});
