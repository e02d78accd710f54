import { expect, test, type APIRequestContext } from '@playwright/test';
import { createClient, lastMailTo, signInToDashboard } from './client-fixtures.ts';
import {
  expectNoSeriousA11yViolations,
  shot,
  staffSignIn,
  uniqueEmail,
  fromAnAddress,
  newestRequestsFirst,
  closeOpenedContexts,
} from './fixtures.ts';
import { E2E_ADMIN } from '../../playwright.config.ts';
import { VALID_REGISTRATION } from '#shared/common/test-inputs.ts';
import type { AdminCounts } from '#shared/staff/admin-counts.ts';

test.afterEach(closeOpenedContexts);

const DESKTOP = { width: 1280, height: 900 };

/** A technician with a first name, added by the admin and with the password chosen through the e-mailed link. */
async function createTechnician(request: APIRequestContext, firstName: string) {
  const email = uniqueEmail('tech');
  const account = { username: email.replace(/@.*/, '').replace(/\./g, '-'), password: 'motdepasse-technicien-live-1' };
  expect(
    (
      await request.post('/api/admin/login', {
        data: { username: E2E_ADMIN.username, password: E2E_ADMIN.password },
        headers: fromAnAddress(),
      })
    ).status(),
  ).toBe(200);
  const created = await request.post('/api/admin/team', {
    data: { username: account.username, email, role: 'technicien', firstName },
  });
  expect(created.status(), await created.text()).toBe(201);
  let mail: string | undefined;
  await expect.poll(async () => (mail = await lastMailTo(email, /set-password\?token=/))).toBeDefined();
  const token = /set-password\?token=([A-Za-z0-9_-]+)/.exec(mail!)![1];
  expect(
    (await request.post('/api/admin/set-password', { data: { token, newPassword: account.password } })).status(),
  ).toBe(200);
  return account;
}

test('[LIVE][ASSIGN] a new intervention reaches an open queue without reload, and the client sees who took it (desktop)', async ({
  browser,
  request,
}) => {
  const technician = await createTechnician(request, 'Julien');
  const client = await createClient(request, 'pro');

  // The technician's queue is open on « Non attribuées » before the request exists.
  const techPage = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  await staffSignIn(techPage, technician);
  await techPage.getByRole('tab', { name: 'Interventions' }).click();
  await newestRequestsFirst(techPage);
  await techPage.getByRole('button', { name: 'Non attribuées' }).click();
  await expect(techPage.getByRole('button', { name: 'Non attribuées' })).toHaveAttribute('aria-pressed', 'true');
  await expect(techPage.getByTestId('live-state')).toHaveAttribute('data-state', 'open');
  const card = techPage.getByRole('article').filter({ hasText: client.email });
  await expect(card).toHaveCount(0);

  const clientPage = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  await signInToDashboard(clientPage, client.username, client.password);
  await clientPage.getByRole('button', { name: 'Demander une assistance' }).click();
  const mine = clientPage.getByRole('listitem').filter({ hasText: "Demande d'assistance" });
  await expect(mine.getByTestId('response-clock')).toHaveText(/^Prise en charge avant /);

  // No reload, no « Actualiser »: the card arrives, and the tab's title counts the requests nobody has taken.
  await expect(card).toBeVisible();
  await expect(card.getByTestId('assignee')).toHaveText('Non attribuée');
  await expect(techPage).toHaveTitle(/^\([1-9]\d*\) /);
  await shot(techPage, 'live-queue-desktop');
  await expectNoSeriousA11yViolations(techPage);

  await card.getByRole('button', { name: 'Prendre en charge' }).click();
  await techPage.getByRole('button', { name: 'Mes demandes' }).click();
  const taken = techPage.getByRole('article').filter({ hasText: client.email });
  await expect(taken.getByTestId('assignee')).toHaveText('Traitée par vous');
  await expect(taken.getByText('En cours', { exact: true })).toBeVisible();
  // The same queue on a phone: the header's live line, the three filters and the owner wrap without overflow.
  await techPage.setViewportSize({ width: 375, height: 800 });
  await shot(techPage, 'live-mine-phone');
  await techPage.setViewportSize(DESKTOP);

  // The client's page, left open, shows the technician's first name (never their username) and the new status.
  await expect(mine.getByText('Pris en charge par Julien')).toBeVisible();
  await expect(mine.getByText('En cours', { exact: true })).toBeVisible();
  await expect(clientPage.getByText(technician.username)).toHaveCount(0);
  await shot(clientPage, 'live-client-taken-desktop');
  await expectNoSeriousA11yViolations(clientPage);
});

test('[LIVE][COUNTS] a registration moves the « Messages » figure while another tab is open (desktop)', async ({
  page,
  request,
}) => {
  await page.setViewportSize(DESKTOP);
  await staffSignIn(page);
  await page.goto('/admin?tab=interventions');
  await expect(page.getByTestId('live-state')).toHaveAttribute('data-state', 'open');
  const registered = await request.post('/api/register', {
    data: { ...VALID_REGISTRATION, firstName: 'Odile', lastName: 'Compte', email: uniqueEmail('inscription') },
    headers: fromAnAddress(),
  });
  expect(registered.status(), await registered.text()).toBe(201);
  // Other tests add and answer messages meanwhile: the figure beside « Messages » catches up with the server's.
  const badge = page.getByTestId('count-contacts');
  await expect
    .poll(async () => {
      const { inbox } = (await (await page.request.get('/api/admin/counts')).json()) as AdminCounts;
      const shown = (await badge.count()) ? Number.parseInt(await badge.innerText(), 10) : 0;
      return shown === inbox && inbox > 0;
    })
    .toBe(true);
});
