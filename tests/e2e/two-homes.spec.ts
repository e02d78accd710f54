import { expect, test, type Page } from '@playwright/test';
import { createOrder, expectNoSeriousA11yViolations, shot, staffSignIn, uniqueEmail } from './fixtures.ts';
import { createClient, openClientPage, signInToDashboard } from './client-fixtures.ts';
import { CLIENT_PAGES } from '#shared/clients/client-pages.ts';
import type { AdminCounts } from '#shared/staff/admin-counts.ts';

// The two homes of docs/decisions/039: the client area in pages, the back-office as an application shell. Their
// targets are measured here at the sizes the decision names, and printed (`[measure]` lines) for the record.

const PHONE = { width: 375, height: 812 };
const TABLET = { width: 768, height: 1024 };
const DESKTOP = { width: 1366, height: 768 };

const CLIENT_NAV = [
  { label: 'Accueil', path: CLIENT_PAGES.home, heading: 'Tableau de bord' },
  { label: 'Mes demandes', path: CLIENT_PAGES.requests, heading: 'Mes demandes' },
  { label: 'Mes appareils', path: CLIENT_PAGES.devices, heading: 'Mes appareils' },
  { label: 'Mes factures', path: CLIENT_PAGES.invoices, heading: 'Mes factures' },
  { label: 'Mon compte', path: CLIENT_PAGES.account, heading: 'Mon compte' },
] as const;

function measure(name: string, value: number, unit = 'px') {
  test.info().annotations.push({ type: 'measure', description: `${name}: ${value} ${unit}` });
  console.log(`[measure] ${name}: ${value} ${unit}`);
}

/** A client with a running plan, one device and three requests, signed in on /dashboard. */
async function clientWithHistory(page: Page, request: Parameters<typeof createClient>[0]) {
  const client = await createClient(request, 'duo');
  await signInToDashboard(page, client.username, client.password);
  expect(
    (
      await page.request.post('/api/client/devices', {
        data: { deviceType: 'macbook', deviceInfo: 'MacBook Air 2020' },
      })
    ).status(),
  ).toBe(201);
  for (let i = 0; i < 3; i++) expect((await page.request.post('/api/interventions', { data: {} })).status()).toBe(201);
  return client;
}

for (const viewport of [PHONE, DESKTOP]) {
  test(`[CLIENT][HOMES] every page one tap from the navigation, at its own address; Back and reload (${viewport.width} px)`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(viewport);
    await clientWithHistory(page, request);
    const nav = page.getByRole('navigation', { name: 'Espace client' });
    // /dashboard is « Accueil »: the navigation says so.
    await expect(nav.getByRole('link', { name: 'Accueil' })).toHaveAttribute('aria-current', 'page');
    for (const { label, path, heading } of CLIENT_NAV) {
      await nav.getByRole('link', { name: label }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(nav.getByRole('link', { name: label })).toHaveAttribute('aria-current', 'page');
      // One way out, on every page.
      await expect(page.getByText('Déconnexion', { exact: true })).toHaveCount(1);
    }
    // Back walks the pages in reverse; a reload keeps the page (rendered by the server for this client).
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`${CLIENT_PAGES.invoices}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Mes factures' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Mes factures' })).toBeVisible();
    // The server renders each page at its address, for this client.
    const html = await (await page.request.get(CLIENT_PAGES.devices)).text();
    expect(html).toContain('Mes appareils</h1>');
  });
}

test('[CLIENT][HOMES] the home at 375 × 812 with a plan, a device and three requests: at most two screens', async ({
  page,
  request,
}) => {
  await page.setViewportSize(PHONE);
  await clientWithHistory(page, request);
  await openClientPage(page, CLIENT_PAGES.home);
  await expect(page.getByRole('region', { name: /Historique des interventions/ }).getByRole('listitem')).toHaveCount(3);
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  measure('client home height at 375×812', height);
  measure('client home in screens', Math.round((height / PHONE.height) * 100) / 100, 'screens');
  expect(height).toBeLessThanOrEqual(2 * PHONE.height);
  // The help buttons are on the first screen.
  const help = await page.getByRole('button', { name: 'Demander une assistance' }).boundingBox();
  expect(help!.y + help!.height).toBeLessThan(PHONE.height);
  // « Demander une assistance » sends at once; a client who wants to say what is wrong first can, on a phone too.
  const describe = page.getByRole('button', { name: 'Décrire mon problème' });
  const describeBox = await describe.boundingBox();
  expect(describeBox!.y + describeBox!.height).toBeLessThan(PHONE.height);
  await describe.click();
  await expect(describe).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByLabel('Décrivez votre problème')).toBeVisible();
  // Closed and opened again, what was typed is still there.
  await page.getByLabel('Décrivez votre problème').fill('Mon écran reste noir');
  await describe.click();
  await expect(page.getByLabel('Décrivez votre problème')).toBeHidden();
  await describe.click();
  await expect(page.getByLabel('Décrivez votre problème')).toHaveValue('Mon écran reste noir');
});

test('[CLIENT][HOMES][A11Y] each page of the client area, looked at on a phone, a tablet and a desktop', async ({
  page,
  request,
}) => {
  await clientWithHistory(page, request);
  for (const { path, heading } of CLIENT_NAV) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    for (const viewport of [PHONE, TABLET, DESKTOP]) {
      await page.setViewportSize(viewport);
      await shot(page, `client${path.replaceAll('/', '-')}-${viewport.width}`);
    }
    await page.setViewportSize(DESKTOP);
  }
});

test('[CLIENT][HOMES] a mail that names a request opens « Mes demandes » on it, its conversation open', async ({
  page,
  request,
}) => {
  await clientWithHistory(page, request);
  const [first, second] = (await (await page.request.get('/api/client/interventions')).json()) as Array<{
    id: number;
  }>;
  await page.goto(`${CLIENT_PAGES.requests}?demande=${second!.id}`);
  const named = page.locator(`#demande-${second!.id}`);
  await expect(named).toBeInViewport();
  // The mail was about a message: the conversation is open, the others stay closed.
  await expect(named.getByLabel('Votre message')).toBeVisible();
  await expect(page.locator(`#demande-${first!.id}`).getByLabel('Votre message')).toHaveCount(0);
});

async function adminWithWork(page: Page, request: Parameters<typeof createOrder>[0]) {
  const email = uniqueEmail('coquille');
  await createOrder(request, { clientName: 'Claire Dubois', clientEmail: email, plan: 'pro' });
  await staffSignIn(page);
  return email;
}

test('[ADMIN][SHELL] at 1366 × 768: one header row, a navigation that never wraps, the list near the top', async ({
  page,
  request,
}) => {
  await page.setViewportSize(DESKTOP);
  await adminWithWork(page, request);
  await page.getByRole('tab', { name: 'Commandes' }).click();
  // The orders' own list: until its panel has loaded, the panel shown is still the dashboard's, with lists of its own.
  const first = page
    .getByRole('tabpanel', { name: 'Commandes' })
    .getByRole('list', { name: 'Historique des commandes' })
    .getByRole('listitem')
    .first();
  await expect(first).toBeVisible();
  const header = (await page.getByRole('banner').boundingBox())!;
  measure('back-office header height at 1366×768', Math.round(header.height));
  expect(header.height).toBeLessThanOrEqual(72);
  const top = (await first.boundingBox())!.y;
  measure('first list item (Commandes) top at 1366×768', Math.round(top));
  expect(top).toBeLessThanOrEqual(200);
  // A side column: every tab on its own line, one under the other, none cut or pushed to a second column.
  const boxes = await page.getByRole('tab').evaluateAll((tabs) => tabs.map((t) => t.getBoundingClientRect().toJSON()));
  const lefts = new Set(boxes.map((b: DOMRect) => Math.round(b.left)));
  measure('navigation columns at 1366×768', lefts.size, 'column(s)');
  expect(lefts.size).toBe(1);
  for (let i = 1; i < boxes.length; i++) expect(boxes[i].top).toBeGreaterThan(boxes[i - 1].top);
  const lastTab = boxes.at(-1) as DOMRect;
  measure('last tab bottom at 1366×768', Math.round(lastTab.bottom));
  expect(lastTab.bottom).toBeLessThanOrEqual(DESKTOP.height);
});

test('[ADMIN][SHELL] each tab and an opened customer have their address: Back, reload and links keep them', async ({
  page,
  request,
}) => {
  const email = await adminWithWork(page, request);
  await page.getByRole('tab', { name: 'Commandes' }).click();
  await expect(page).toHaveURL(/\/admin\?tab=orders$/);
  await page.getByRole('tab', { name: 'Messages' }).click();
  await expect(page).toHaveURL(/\/admin\?tab=contacts$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/admin\?tab=orders$/);
  await expect(page.getByRole('tab', { name: 'Commandes' })).toHaveAttribute('aria-selected', 'true');
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Commandes' })).toHaveAttribute('aria-selected', 'true');
  await page.goto('/admin?tab=journal');
  await expect(page.getByRole('tab', { name: 'Journal' })).toHaveAttribute('aria-selected', 'true');
  // An opened customer has an address too: Back closes them, a reload (or a link) opens them again.
  await page.getByRole('tab', { name: 'Utilisateurs' }).click();
  await page.getByLabel('Rechercher un client').fill(email);
  const list = page.getByRole('list', { name: 'Clients' });
  await expect(list.getByRole('button')).toHaveCount(1);
  await list.getByRole('button').click();
  const detail = page.getByRole('region', { name: 'Claire Dubois' });
  await expect(detail).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`\\?tab=users&client=${encodeURIComponent(email)}$`));
  await page.reload();
  await expect(detail).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/admin\?tab=users$/);
  await expect(detail).toHaveCount(0);
  // The tabs are grouped, each group named.
  for (const group of ['Ventes', 'Activité', 'Administration'])
    await expect(page.getByRole('tablist', { name: group })).toBeVisible();
});

test('[ADMIN][SHELL] on a phone, the open tab is in view in its row, and the row fades where more tabs wait', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await staffSignIn(page);
  const row = page.getByRole('navigation', { name: 'Sections de l’espace staff' });
  // The first tab open: more tabs wait to the right only.
  await expect(page.getByRole('tab', { name: 'Tableau de bord' })).toBeInViewport();
  await expect(row).toHaveAttribute('data-overflow', 'false true');
  // A link to the last tab, opened on the phone: it is in view and marked, the row fades on its left.
  await page.goto('/admin?tab=journal');
  const journal = page.getByRole('tab', { name: 'Journal' });
  await expect(journal).toHaveAttribute('aria-selected', 'true');
  await expect(journal).toBeInViewport({ ratio: 1 });
  await expect(row).toHaveAttribute('data-overflow', 'true false');
  await shot(page, 'admin-journal-row-375');
  // Moved back by hand to the start: the row stays there, and the fade follows.
  await row.hover();
  await page.mouse.wheel(-2000, 0);
  await expect(row).toHaveAttribute('data-overflow', 'false true');
  await expect(page.getByRole('tab', { name: 'Tableau de bord' })).toBeInViewport({ ratio: 1 });
});

test('[ADMIN][SHELL] a request nobody holds shows beside « Interventions », and leaves when taken', async ({
  page,
  request,
}) => {
  const client = await createClient(request, 'pro');
  await adminWithWork(page, request);
  const count = page.getByTestId('count-interventions');
  const other = await page.context().browser()!.newContext({ baseURL: test.info().project.use.baseURL });
  const clientPage = await other.newPage();
  await signInToDashboard(clientPage, client.username, client.password);
  expect((await clientPage.request.post('/api/interventions', { data: {} })).status()).toBe(201);
  await other.close();
  // The live event reloads the list, and the count with it. Other tests share the server and add and take requests of
  // their own meanwhile: the figure shown catches up with the server's, which holds this one.
  await expect
    .poll(async () => {
      const { unassignedInterventions } = (await (await page.request.get('/api/admin/counts')).json()) as AdminCounts;
      const shown = (await count.count()) ? Number(((await count.textContent()) ?? '').replace(/\D/g, '')) : 0;
      return shown === unassignedInterventions && shown > 0;
    })
    .toBe(true);
  await expect(page.getByRole('tab', { name: 'Interventions' })).toHaveAccessibleDescription(/en attente/);
});

test('[ADMIN][SHELL][A11Y] the shell and its menus, looked at on a phone, a tablet and a desktop', async ({
  page,
  request,
}) => {
  await adminWithWork(page, request);
  for (const tab of ['Tableau de bord', 'Commandes', 'Utilisateurs', 'Messages', 'Interventions', 'Courriels']) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tabpanel')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  }
  await page.getByRole('button', { name: 'staff-e2e' }).click();
  await expect(page.getByRole('button', { name: 'Mes sessions' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('tab', { name: 'Commandes' }).click();
  for (const viewport of [PHONE, TABLET, DESKTOP]) {
    await page.setViewportSize(viewport);
    await expect(page.getByRole('tab', { name: 'Commandes' })).toBeVisible();
    await shot(page, `admin-orders-${viewport.width}`);
  }
  await page.getByRole('button', { name: 'Code secret' }).click();
  await expect(page.getByLabel('Code secret')).toBeVisible();
  await shot(page, 'admin-code-1366');
});
