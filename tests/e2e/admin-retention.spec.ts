import { expect, test, type Page } from '@playwright/test';
import { createOrder, expectNoSeriousA11yViolations, fromAnAddress, shot, staffSignIn } from './fixtures.ts';
import { todayIso } from '#shared/format.ts';

const PASSWORD = 'Azur-Passerelle-2026';

/**
 * Searches the list for `search` and waits for the answer: until the search applies (after a pause in typing), the
 * list on screen is the one before, which may even show the same count.
 */
async function searchAccounts(page: Page, search: string) {
  const searched = page.waitForResponse((r) => {
    const url = new URL(r.url());
    return url.pathname === '/api/admin/users' && url.searchParams.get('q') === search;
  });
  await page.getByLabel('Rechercher un client').fill(search);
  await searched;
}

/** « Utilisateurs » › « Conservation dépassée (3 ans) », searched down to this test's accounts. */
async function openExpiredAccounts(page: Page, search: string) {
  await page.getByRole('tab', { name: 'Utilisateurs' }).click();
  const toggle = page.getByRole('button', { name: 'Conservation dépassée (3 ans)' });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await searchAccounts(page, search);
}

test('[ADMIN][RETENTION] an admin finds the accounts past their period and anonymises one, at 375 and 1366 px', async ({
  page,
  request,
}) => {
  const tag = Date.now().toString(36);
  const odile = `ancienne.${tag}@exemple.fr`;
  const bernard = `occupe.${tag}@exemple.fr`;
  // Odile’s one subscription ended in 2021: more than three years have passed since.
  await createOrder(request, {
    clientName: 'Odile Ancienne',
    clientEmail: odile,
    plan: 'standard',
    orderDate: '2021-01-10',
    username: `anc${tag}`,
    password: PASSWORD,
  });
  // Bernard's too, but he asked for help while a new plan ran, then that plan was cancelled: his request is open.
  await createOrder(request, {
    clientName: 'Bernard Occupé',
    clientEmail: bernard,
    plan: 'standard',
    orderDate: '2021-02-10',
    username: `occ${tag}`,
    password: PASSWORD,
  });
  const { id: running } = await createOrder(request, {
    clientName: 'Bernard Occupé',
    clientEmail: bernard,
    plan: 'standard',
    orderDate: todayIso(),
  });
  const login = await request.post('/api/client/login', {
    data: { username: `occ${tag}`, password: PASSWORD },
    headers: fromAnAddress(),
  });
  expect(login.status()).toBe(200);
  const asked = await request.post('/api/client/interventions', {
    data: { description: 'Écran noir au démarrage', urgency: 'medium', deviceType: 'pc_windows', deviceInfo: 'PC HP' },
  });
  expect(asked.status(), await asked.text()).toBe(201);
  const cancelled = await request.patch(`/api/admin/manual-orders/${running}`, {
    data: { paymentStatus: 'cancelled' },
  });
  expect(cancelled.status(), await cancelled.text()).toBe(200);

  await page.setViewportSize({ width: 1366, height: 768 });
  await staffSignIn(page);
  await openExpiredAccounts(page, `.${tag}@`);
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByText('2 comptes à anonymiser', { exact: true })).toBeVisible();
  const list = panel.getByRole('list', { name: 'Clients' });
  const odileRow = list.getByRole('button', { name: /Odile Ancienne/ });
  const bernardRow = list.getByRole('button', { name: /Bernard Occupé/ });
  await expect(odileRow).toContainText(/Depuis le \d{2}\/\d{2}\/20\d{2} \(fin du dernier abonnement\)/);
  await expect(bernardRow.getByText('Demande en cours', { exact: true })).toBeVisible();
  await expect(odileRow.getByText('Demande en cours')).toHaveCount(0);

  // Bernard's erasure waits for his request.
  await bernardRow.click();
  await expect(
    panel.getByText('Une demande d’assistance est en cours : l’effacement attend sa clôture.'),
  ).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Effacer les données' })).toBeDisabled();
  await shot(page, 'retention-waiting-1366');
  await expectNoSeriousA11yViolations(page);

  // Odile's goes through the erasure's own confirmation.
  await odileRow.click();
  const erase = panel.getByRole('button', { name: 'Effacer les données' });
  await expect(erase).toBeEnabled();
  await erase.click();
  const dialog = page.getByRole('alertdialog', { name: 'Effacer les données de ce client ?' });
  await expect(dialog).toContainText(`(Odile Ancienne, ${odile}) sera anonymisé`);
  await shot(page, 'retention-dialog-1366');
  await dialog.getByRole('button', { name: 'Effacer définitivement' }).click();
  await expect(page.getByText('Données effacées', { exact: true })).toBeVisible();
  await expect(panel.getByText('1 compte à anonymiser', { exact: true })).toBeVisible();
  await expect(odileRow).toHaveCount(0);

  await page.setViewportSize({ width: 375, height: 812 });
  await bernardRow.click();
  await expect(panel.getByRole('button', { name: 'Effacer les données' })).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await shot(page, 'retention-375');
  await expectNoSeriousA11yViolations(page);

  await searchAccounts(page, `personne.${tag}@`);
  await expect(panel.getByText('Aucun compte à anonymiser ne correspond à cette recherche.')).toBeVisible();
  await shot(page, 'retention-empty-375');
  await expectNoSeriousA11yViolations(page);
});
