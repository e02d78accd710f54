import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { createClient, type Client } from './client-fixtures.ts';
import {
  expectNoSeriousA11yViolations,
  shot,
  staffSignIn,
  uniqueEmail,
  fromAnAddress,
  openNotifications,
  newestRequestsFirst,
} from './fixtures.ts';
import { FULL_BROWSER } from '../../playwright.config.ts';
import type { ClientIntervention } from '#shared/interventions/intervention-api.ts';
import type { AdminInterventionDto } from '#shared/interventions/intervention-api.ts';
import { UPLOAD_HEADER, type Device } from '#shared/devices/device-api.ts';
import { VALID_REGISTRATION } from '#shared/common/test-inputs.ts';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 800 };
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 1)]);

type Recorded = { notifications: { title: string; body?: string }[]; tones: number };
declare global {
  interface Window {
    __alerts: Recorded;
  }
}

/**
 * Before the page's scripts: every notification the page shows and every tone it plays are written down (the real
 * ones still happen), so the test reads what a member would have seen and heard.
 */
function recordAlerts() {
  const alerts: Recorded = { notifications: [], tones: 0 };
  window.__alerts = alerts;
  const Real = window.Notification;
  class Noted extends Real {
    constructor(title: string, options?: NotificationOptions) {
      super(title, options);
      alerts.notifications.push({ title, body: options?.body });
    }
  }
  Object.defineProperty(Noted, 'permission', { get: () => Real.permission });
  Object.defineProperty(Noted, 'requestPermission', { value: Real.requestPermission.bind(Real) });
  window.Notification = Noted as typeof Notification;
  const create = AudioContext.prototype.createOscillator;
  AudioContext.prototype.createOscillator = function (this: AudioContext) {
    alerts.tones += 1;
    return create.call(this);
  };
}

/** The member switched to another tab: headless Chromium keeps every page « visible », so the page is told it is not. */
const hide = (page: Page) =>
  page.evaluate(() => {
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
  });

/** A client of the Pro plan, signed in through the API in a context of their own. */
async function signedInClient(
  browser: Browser,
  request: Parameters<typeof createClient>[0],
): Promise<{ client: Client; context: BrowserContext }> {
  const client = await createClient(request, 'pro');
  const context = await browser.newContext();
  const signIn = await context.request.post('/api/auth/login', {
    data: { email: client.username, password: client.password },
    headers: fromAnAddress(),
  });
  expect(signIn.status(), await signIn.text()).toBe(200);
  return { client, context };
}

test('[LIVE][LATE] an intervention past its promise shows « En retard » in red, marked as escalated to the admins (desktop, phone)', async ({
  browser,
  request,
}) => {
  const { client, context: clientContext } = await signedInClient(browser, request);
  const created = await clientContext.request.post('/api/client/interventions', {
    data: {
      description: 'Le portable ne démarre plus',
      urgency: 'high',
      deviceType: 'laptop',
      deviceInfo: 'Asus Zenbook',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const late = (await created.json()) as ClientIntervention;
  expect(late.dueAt).not.toBeNull();
  const due = new Date(late.dueAt!).getTime();

  const page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  // The browser's clock is 20 minutes past the promise: the card counts how late it is from the request's real due time.
  await page.clock.setFixedTime(due + 20 * 60_000);
  // The server marks a request escalated from its once-a-minute job, on its own clock, which a browser test cannot
  // move (services/interventions/response-alerts.test.ts moves it); the mark that job writes is set on this one
  // request, in the list the page reads, as it would be a minute after the promise.
  await page.route(/\/api\/admin\/interventions(\?.*)?$/, async (route) => {
    const response = await route.fetch();
    const list = (await response.json()) as AdminInterventionDto[];
    const marked = new Date(due + 60_000).toISOString();
    const headers = Object.fromEntries(
      Object.entries(response.headers()).filter(([name]) => !['content-encoding', 'content-length'].includes(name)),
    );
    await route.fulfill({
      status: response.status(),
      headers,
      json: list.map((i) => (i.id === late.id ? { ...i, warnedAt: marked, escalatedAt: marked } : i)),
    });
  });
  await staffSignIn(page);
  await page.getByRole('tab', { name: 'Interventions' }).click();
  await newestRequestsFirst(page);
  const card = page.getByRole('article').filter({ hasText: client.email });
  const clock = card.getByTestId('response-clock');
  await expect(clock).toHaveText('En retard de 20 min');
  await expect(clock).toHaveAttribute('data-state', 'overdue');
  await expect(clock).toHaveClass(/text-red-800/);
  const badge = card.getByText('En retard · signalée aux administrateurs', { exact: true });
  await expect(badge).toBeVisible();
  await expect(badge).toHaveClass(/text-red/);
  await expectNoSeriousA11yViolations(page);
  await shot(page, 'live-late-desktop');
  await page.setViewportSize(PHONE);
  await expect(badge).toBeVisible();
  await shot(page, 'live-late-phone');
  await expectNoSeriousA11yViolations(page);
  // Other tests' requests keep refreshing this page's list through live events: a refresh caught by the route as the
  // context closes must not fail a test whose checks are all done.
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await page.context().close();
  await clientContext.close();
});

test(
  '[LIVE][NOTIFY] notifications allowed once: a registration and a proof reach the open lists and notify in the background (desktop)',
  { tag: FULL_BROWSER },
  async ({ browser, request }) => {
    const context = await browser.newContext({ viewport: DESKTOP });
    await context.addInitScript(recordAlerts);
    const page = await context.newPage();
    await staffSignIn(page);
    await expect(page.getByTestId('live-state')).toHaveAttribute('data-state', 'open');

    // Not decided yet: the header's panel offers to ask, once.
    await openNotifications(page);
    const ask = page.getByRole('button', { name: 'Recevoir les notifications' });
    await expect(ask).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await shot(page, 'live-notify-ask-desktop');
    // The member allows them in the browser's prompt.
    await context.grantPermissions(['notifications']);
    await ask.click();
    await expect(ask).toHaveCount(0);
    await expect(page.getByText('Notifications activées')).toBeVisible();
    await expect(page.getByText('Notifications refusées par le navigateur')).toHaveCount(0);
    expect(await page.evaluate(() => Notification.permission)).toBe('granted');

    // « Messages » is open, the member goes to another tab; someone registers.
    await page.getByRole('tab', { name: 'Messages' }).click();
    await expect(page.getByRole('tabpanel').getByText(/^\d+ demandes?$/)).toBeVisible();
    await hide(page);
    const email = uniqueEmail('inscription');
    const registered = await request.post('/api/register', {
      data: { ...VALID_REGISTRATION, firstName: 'Louise', lastName: 'Direct', email },
    });
    expect(registered.status(), await registered.text()).toBe(201);
    await expect(page.getByRole('article').filter({ hasText: email })).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => window.__alerts.notifications))
      .toContainEqual({ title: 'Espace staff', body: 'Nouvelle demande d’inscription de Louise Direct' });
    expect(await page.evaluate(() => window.__alerts.tones)).toBeGreaterThan(0);
    await shot(page, 'live-registration-arrived-desktop');
    await page.setViewportSize(PHONE);
    await shot(page, 'live-registration-arrived-phone');
    await page.setViewportSize(DESKTOP);

    // « Appareils » is open on the proofs to check; a client sends one for a new device.
    await page.evaluate(() => {
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => false });
    });
    await page.getByRole('tab', { name: 'Appareils' }).click();
    await expect(page.getByLabel('Afficher')).toHaveValue('to-check');
    const { client, context: clientContext } = await signedInClient(browser, request);
    const added = await clientContext.request.post('/api/client/devices', {
      data: { deviceType: 'windows-laptop', deviceInfo: 'Dell Latitude 5420' },
    });
    expect(added.status(), await added.text()).toBe(201);
    const device = (await added.json()) as Device;
    const row = page.getByRole('article', { name: `Appareil n° ${device.id}` });
    await expect(row).toHaveCount(0);
    await hide(page);
    const sent = await clientContext.request.post(`/api/client/devices/${device.id}/proofs`, {
      headers: { [UPLOAD_HEADER]: '1' },
      multipart: { file: { name: 'facture.png', mimeType: 'image/png', buffer: PNG } },
    });
    expect(sent.status(), await sent.text()).toBe(201);
    await expect(row).toBeVisible();
    await expect(row).toContainText(client.email);
    await expect(row).toContainText('facture.png');
    await expect
      .poll(() => page.evaluate(() => window.__alerts.notifications))
      .toContainEqual({
        title: 'Espace staff',
        body: `Nouveau justificatif pour l’appareil n° ${device.id} de ${client.name}`,
      });
    await expectNoSeriousA11yViolations(page);
    await shot(page, 'live-proof-arrived-desktop');
    await page.setViewportSize(PHONE);
    await shot(page, 'live-proof-arrived-phone');
    await context.close();
    await clientContext.close();
  },
);

test(
  '[LIVE][NOTIFY] notifications refused in the browser: the bar says so and stops asking (desktop, phone)',
  { tag: FULL_BROWSER },
  async ({ browser }) => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await staffSignIn(page);
    await openNotifications(page);
    const ask = page.getByRole('button', { name: 'Recevoir les notifications' });
    // Not allowed beforehand, the browser answers the prompt with a refusal (a member who clicks « Bloquer »).
    await ask.click();
    const refused = page.getByText('Notifications refusées par le navigateur');
    await expect(refused).toBeVisible();
    await expect(ask).toHaveCount(0);
    expect(await page.evaluate(() => Notification.permission)).toBe('denied');
    // The browser remembers the refusal: the next visit does not ask again.
    await page.reload();
    await expect(page.getByTestId('live-state')).toHaveAttribute('data-state', 'open');
    await openNotifications(page);
    await expect(refused).toBeVisible();
    await expect(ask).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await shot(page, 'live-notify-refused-desktop');
    await page.setViewportSize(PHONE);
    await expect(refused).toBeVisible();
    await shot(page, 'live-notify-refused-phone');
    await context.close();
  },
);
