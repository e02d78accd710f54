import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { createClient, lastMailTo, openClientPage, signInToDashboard } from './client-fixtures.ts';
import {
  expectNoSeriousA11yViolations,
  fromAnAddress,
  shot,
  staffSignIn,
  uniqueEmail,
  closeOpenedContexts,
} from './fixtures.ts';
import { BROWSER_ARGS, E2E_ADMIN } from '../../playwright.config.ts';
import { browsersOf } from '../../scripts/browsers.ts';

test.afterEach(closeOpenedContexts);

const DESKTOP = { width: 1280, height: 900 };
// Chromium's fake media: getDisplayMedia answers at once with a generated screen, getUserMedia with a tone.
test.use({
  launchOptions: {
    executablePath: browsersOf(process.env).headlessShell.path,
    args: [...BROWSER_ARGS, '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'],
  },
});

/** A technician with a first name, added by the admin and with the password chosen through the e-mailed link. */
async function createTechnician(request: APIRequestContext, firstName: string) {
  const email = uniqueEmail('tech');
  const account = { username: email.replace(/@.*/, '').replace(/\./g, '-'), password: 'motdepasse-technicien-ecran-1' };
  const login = await request.post('/api/admin/login', {
    data: { username: E2E_ADMIN.username, password: E2E_ADMIN.password },
    headers: fromAnAddress(),
  });
  expect(login.status()).toBe(200);
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

/** A client with a request handled by Julien, both signed in on their own browser; the technician's queue open. */
async function clientAndTechnician(browser: Browser, request: APIRequestContext) {
  const technician = await createTechnician(request, 'Julien');
  const client = await createClient(request, 'pro');
  const clientPage = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  await signInToDashboard(clientPage, client.username, client.password);
  await clientPage.getByRole('button', { name: 'Demander une assistance' }).click();
  await expect(clientPage.getByText('Demande envoyée', { exact: false }).first()).toBeVisible();
  // Each open request offers the share on « Mes demandes », where its follow-up lives.
  await openClientPage(clientPage, '/client/demandes');
  const mine = clientPage.getByRole('listitem').filter({ hasText: "Demande d'assistance" });
  await expect(mine).toBeVisible();
  const [intervention] = await (await clientPage.request.get('/api/client/interventions')).json();

  const techPage = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  await staffSignIn(techPage, technician);
  const me = await (await techPage.request.get('/api/admin/session')).json();
  const taken = await techPage.request.put(`/api/admin/interventions/${intervention.id}/assignee`, {
    data: { staffId: me.id },
  });
  expect(taken.status(), await taken.text()).toBe(200);
  await techPage.goto('/admin?tab=interventions');
  await expect(techPage.getByTestId('live-state')).toHaveAttribute('data-state', 'open');
  // His own requests: the shared server's other open requests may fill the first page of all of them.
  await techPage.getByRole('button', { name: 'Mes demandes', exact: true }).click();
  const card = techPage.getByRole('article').filter({ hasText: client.email });
  await expect(card).toBeVisible();
  return { clientPage, mine, techPage, card };
}

/** The staff viewer's <video> shows the client's screen: frames have arrived and have a size. */
async function expectFrames(page: Page) {
  await expect
    .poll(() => page.getByTestId('share-video').evaluate((v) => (v as HTMLVideoElement).videoWidth))
    .toBeGreaterThan(0);
}

test('[REMOTE][SCREEN_SHARE] the client shares, Julien watches, the client stops, the duration is on the request', async ({
  browser,
  request,
}) => {
  const { clientPage, mine, techPage, card } = await clientAndTechnician(browser, request);

  await mine.getByRole('button', { name: 'Partager mon écran' }).click();
  const consent = clientPage.getByRole('dialog', { name: 'Partager votre écran avec le technicien' });
  await expect(consent).toContainText('Rien n’est enregistré');
  await shot(clientPage, 'screen-share-consent-desktop');
  await expectNoSeriousA11yViolations(clientPage);
  await consent.getByRole('button', { name: 'Choisir l’écran à partager' }).click();
  const banner = clientPage.getByTestId('share-banner');
  await expect(banner).toContainText('Votre écran est partagé avec Julien');

  // Live on the request, no reload: « Le client partage son écran », and « Rejoindre » opens the viewer.
  await expect(card.getByTestId('screen-share-notice')).toContainText('Le client partage son écran');
  await card.getByRole('button', { name: 'Rejoindre' }).click();
  const viewer = techPage.getByRole('dialog', { name: 'Écran du client' });
  await expectFrames(techPage);
  await expect(viewer.getByTestId('viewer-state')).toHaveAttribute('data-phase', 'watching');
  await expect(banner).not.toContainText('En attente');
  await shot(techPage, 'screen-share-viewer-desktop');
  await expectNoSeriousA11yViolations(techPage);

  // The band follows the client from page to page; they stop from another page.
  await clientPage.getByRole('link', { name: 'Mes appareils' }).click();
  await expect(clientPage).toHaveURL(/\/client\/appareils/);
  await expect(banner).toContainText('Votre écran est partagé avec Julien');
  await shot(clientPage, 'screen-share-banner-desktop');
  await expectNoSeriousA11yViolations(clientPage);
  await clientPage.setViewportSize({ width: 375, height: 800 });
  await shot(clientPage, 'screen-share-banner-phone');
  await clientPage.setViewportSize(DESKTOP);
  await banner.getByRole('button', { name: 'Arrêter le partage' }).click();
  await expect(banner).toContainText('Partage d’écran terminé');

  await expect(viewer.getByTestId('viewer-state')).toHaveAttribute('data-phase', 'ended');
  await expect(viewer.getByTestId('viewer-state')).toHaveText(/^Le partage est terminé/);
  await viewer.getByRole('button', { name: 'Fermer' }).click();
  await expect(card.getByTestId('screen-share-notice')).toHaveCount(0);
  await expect(card.getByText('Durée :')).toBeVisible();
  await card.locator('summary').filter({ hasText: 'Conversation' }).click();
  await expect(card.getByText('Partage d’écran : 1 min avec Julien')).toBeVisible();
  await shot(techPage, 'screen-share-line-desktop');

  await clientPage.getByRole('link', { name: 'Accueil' }).click();
  await expect(mine.getByText('Durée : 1 min')).toBeVisible();
  // The share's line is an event the client took part in, not a reply to read.
  await expect(mine.getByText('Nouvelle réponse', { exact: true })).toHaveCount(0);
});

/** Starts watching the page's live stream; `received` resolves once it has delivered a signal of this kind. */
async function watchSignals(page: Page, kind: 'join' | 'offer') {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const received = new Promise<void>((resolve) =>
    cdp.on('Network.eventSourceMessageReceived', (m) => {
      if (m.eventName === 'signal' && (JSON.parse(m.data) as { kind: string }).kind === kind) resolve();
    }),
  );
  return { received };
}

/** Holds the answer to a call matching `url` until `until` resolves: the server has answered, the page reads it late. */
async function answerLate(page: Page, url: RegExp, until: Promise<void>) {
  await page.route(url, async (route) => {
    const response = await route.fetch();
    await until;
    await route.fulfill({ response });
  });
}

// On a busy machine a page may read a live event before the answer to its own call. Both orders are forced here: the
// member's join reaches the client's page before it has read its share's answer, and the client's offer reaches the
// member's page before it has read its join's answer. Neither may be lost.
test('[REMOTE][SCREEN_SHARE] a join and an offer read before the calls that led to them: the screen arrives', async ({
  browser,
  request,
}) => {
  const { clientPage, mine, techPage, card } = await clientAndTechnician(browser, request);
  await answerLate(
    clientPage,
    /\/api\/client\/interventions\/\d+\/screen-share$/,
    (await watchSignals(clientPage, 'join')).received,
  );
  await answerLate(
    techPage,
    /\/api\/admin\/screen-shares\/\d+\/join$/,
    (await watchSignals(techPage, 'offer')).received,
  );

  await mine.getByRole('button', { name: 'Partager mon écran' }).click();
  await clientPage.getByRole('button', { name: 'Choisir l’écran à partager' }).click();
  // The share exists (the member is told) while the client's page still waits for its answer.
  await card.getByRole('button', { name: 'Rejoindre' }).click();
  await expectFrames(techPage);
  await expect(clientPage.getByTestId('share-banner')).toContainText('Votre écran est partagé avec Julien');
  await expect(techPage.getByTestId('viewer-state')).toHaveAttribute('data-phase', 'watching');
});

/**
 * Another tab of the same session opens as many live streams as a session may hold: the server closes the session's
 * older ones, a share's signal stream among them. The tab is returned; closing it lets its streams go.
 */
async function crowdTheSession(page: Page, url: string) {
  const tab = await page.context().newPage();
  await tab.goto('/healthz');
  await tab.evaluate(
    (u) =>
      new Promise<void>((resolve) => {
        let ready = 0;
        for (let i = 0; i < 5; i++)
          new EventSource(u).addEventListener('ready', () => {
            if (++ready === 5) resolve();
          });
      }),
    url,
  );
  return tab;
}

// A page that can no longer hear the other side says so and lets go, rather than wait on « Connexion… » or show a
// screen as shared with nobody watching; the exchange starts again from « Rejoindre ».
test('[REMOTE][SCREEN_SHARE] a signal stream closed for a newer page: each side says so, and the share starts again', async ({
  browser,
  request,
}) => {
  const { clientPage, mine, techPage, card } = await clientAndTechnician(browser, request);
  await mine.getByRole('button', { name: 'Partager mon écran' }).click();
  await clientPage.getByRole('button', { name: 'Choisir l’écran à partager' }).click();
  const banner = clientPage.getByTestId('share-banner');
  await expect(banner).toContainText('Votre écran est partagé avec Julien');
  await card.getByRole('button', { name: 'Rejoindre' }).click();
  const viewer = techPage.getByRole('dialog', { name: 'Écran du client' });
  await expectFrames(techPage);

  const staffTab = await crowdTheSession(techPage, '/api/admin/events');
  await expect(viewer.getByTestId('viewer-state')).toHaveAttribute('data-phase', 'failed');
  await expect(viewer.getByTestId('viewer-state')).toHaveText(
    'Cette fenêtre ne reçoit plus les messages du partage. Fermez-la puis « Rejoindre » à nouveau.',
  );
  await staffTab.close();
  await viewer.getByRole('button', { name: 'Fermer' }).click();
  await card.getByRole('button', { name: 'Rejoindre' }).click();
  await expect(viewer.getByTestId('viewer-state')).toHaveAttribute('data-phase', 'watching');

  // The client's side: its page ends the share, and the member is told it ended.
  await crowdTheSession(clientPage, '/api/client/events');
  await expect(banner).toContainText(
    'Le partage d’écran s’est arrêté : cette page ne pouvait plus suivre le technicien.',
  );
  await expect(viewer.getByTestId('viewer-state')).toHaveAttribute('data-phase', 'ended');
  await shot(clientPage, 'screen-share-lost-desktop');
  await clientPage.setViewportSize({ width: 375, height: 800 });
  await shot(clientPage, 'screen-share-lost-phone');
});

test('[REMOTE][SCREEN_SHARE] the sharing page says every 30 s it is there, and ends its side once told the share ended', async ({
  browser,
  request,
}) => {
  const client = await createClient(request, 'pro');
  const page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  // The page's clock, moved on by the test instead of waited for; it runs as usual in between.
  await page.clock.install();
  await signInToDashboard(page, client.username, client.password);
  await page.getByRole('button', { name: 'Demander une assistance' }).click();
  // Sent before the page is left: a navigation would cancel the call.
  await expect(page.getByText('Demande envoyée', { exact: false }).first()).toBeVisible();
  await openClientPage(page, '/client/demandes');
  const mine = page.getByRole('listitem').filter({ hasText: "Demande d'assistance" });
  await mine.getByRole('button', { name: 'Partager mon écran' }).click();
  await page
    .getByRole('dialog', { name: 'Partager votre écran avec le technicien' })
    .getByRole('button', { name: 'Choisir l’écran à partager' })
    .click();
  const banner = page.getByTestId('share-banner');
  await expect(banner).toContainText('Votre écran est partagé');

  // Thirty seconds on: the page says it is there, and the server takes it.
  const alive = page.waitForResponse((r) => /\/api\/client\/screen-shares\/\d+\/alive$/.test(r.url()));
  await page.clock.fastForward('00:31');
  expect((await alive).status()).toBe(204);
  await expect(banner).toContainText('Votre écran est partagé');

  // The share ended while the page could not hear it (a computer put to sleep): its next sign of life is told so.
  await page.route('**/api/client/screen-shares/*/alive', (route) =>
    route.fulfill({
      status: 409,
      contentType: 'application/json',
      body: JSON.stringify({ code: 'SCREEN_SHARE_ENDED', message: 'Ce partage d’écran est terminé.' }),
    }),
  );
  await page.clock.fastForward('00:31');
  await expect(banner).toContainText('Partage d’écran terminé');
});

test('[REMOTE][SCREEN_SHARE] on a phone, no « Partager mon écran »: one sentence, and the tools', async ({
  browser,
  request,
}) => {
  const client = await createClient(request, 'pro');
  const page = await (
    await browser.newContext({ viewport: { width: 375, height: 800 }, isMobile: true, hasTouch: true })
  ).newPage();
  await signInToDashboard(page, client.username, client.password);
  await page.getByRole('button', { name: 'Demander une assistance' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: "Demande d'assistance" })).toBeVisible();
  await page.getByRole('button', { name: 'Session à distance' }).click();
  const dialog = page.getByRole('dialog', { name: 'Session à distance' });
  await expect(dialog.getByTestId('no-screen-share')).toHaveText(/^Ce navigateur ne peut pas partager l’écran/);
  await expect(dialog.getByLabel('Outil de prise en main')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Partager mon écran' })).toHaveCount(0);
  await shot(page, 'screen-share-phone-tools');
});

/** Waits until an address answers 200 (a server started by the test). */
async function answering(url: string) {
  await expect.poll(async () => (await fetch(url).catch(() => null))?.status ?? 0, { timeout: 60_000 }).toBe(200);
}

// The relay forced on both pages (ICE_TRANSPORT_POLICY=relay): the screen can only arrive through coturn, with the
// short-lived credentials the server derives from TURN_SECRET. coturn and a second server are started for the test.
test('[REMOTE][SCREEN_SHARE][RELAY] the screen arrives through a real coturn with the relay forced', async ({
  browser,
  playwright,
}, testInfo) => {
  const { spawn } = await import('node:child_process');
  const { mkdtemp, rm } = await import('node:fs/promises');
  const { tmpdir } = await import('node:os');
  const path = await import('node:path');
  const port = Number(process.env.E2E_PORT ?? 3100) + 1000 + testInfo.workerIndex;
  const turnPort = port + 2000;
  const secret = 'coturn-secret-for-the-relay-test-0123456789';
  const turnLog: string[] = [];
  const turn = spawn(browsersOf(process.env).turnserver.path, [
    '-n',
    '--listening-ip=127.0.0.1',
    '--relay-ip=127.0.0.1',
    `--listening-port=${turnPort}`,
    `--min-port=${turnPort + 10}`,
    `--max-port=${turnPort + 60}`,
    '--use-auth-secret',
    `--static-auth-secret=${secret}`,
    '--realm=rfs.test',
    '--no-tls',
    '--no-dtls',
    '--no-cli',
    '--allow-loopback-peers',
    '--log-file=stdout',
    '--simple-log',
    '--verbose',
    `--pidfile=${tmpdir()}/turnserver-${turnPort}.pid`,
  ]);
  turn.stdout.on('data', (d: Buffer) => turnLog.push(d.toString()));
  const dataDir = await mkdtemp(path.join(tmpdir(), 'rfs-relay-'));
  const baseURL = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [`${process.env.RFS_DIST ?? 'dist'}/server/main.js`], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseURL,
      ADMIN_USERNAME: E2E_ADMIN.username,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      SESSION_SECRET: 'e2e-relay-session-secret-0123456789',
      TRUST_PROXY: '127.0.0.1',
      LOG_LEVEL: 'warn',
      TURN_URL: `turn:127.0.0.1:${turnPort}?transport=udp`,
      TURN_SECRET: secret,
      ICE_TRANSPORT_POLICY: 'relay',
    },
    stdio: 'ignore',
  });
  try {
    await answering(`${baseURL}/healthz`);
    const api = await playwright.request.newContext({ baseURL });
    const client = await createClient(api, 'pro');
    const clientPage = await (await browser.newContext({ viewport: DESKTOP, baseURL })).newPage();
    await signInToDashboard(clientPage, client.username, client.password);
    await clientPage.getByRole('button', { name: 'Demander une assistance' }).click();
    await expect(clientPage.getByText('Demande envoyée', { exact: false }).first()).toBeVisible();
    await openClientPage(clientPage, '/client/demandes');
    const mine = clientPage.getByRole('listitem').filter({ hasText: "Demande d'assistance" });
    await mine.getByRole('button', { name: 'Partager mon écran' }).click();
    await clientPage.getByRole('button', { name: 'Choisir l’écran à partager' }).click();
    await expect(clientPage.getByTestId('share-banner')).toContainText('Votre écran est partagé avec');

    // An admin may join any share.
    const staffPage = await (await browser.newContext({ viewport: DESKTOP, baseURL })).newPage();
    await staffSignIn(staffPage);
    await staffPage.goto('/admin?tab=interventions');
    const card = staffPage.getByRole('article').filter({ hasText: client.email });
    await card.getByRole('button', { name: 'Rejoindre' }).click();
    await expectFrames(staffPage);
    // Only relay candidates existed; coturn saw the allocation made with the derived credentials.
    await expect.poll(() => turnLog.join('')).toMatch(/user <\d+:client-\d+>.*ALLOCATE processed, success/);
    await expect.poll(() => turnLog.join('')).toMatch(/user <\d+:staff-\d+>.*ALLOCATE processed, success/);
    await api.dispose();
  } finally {
    server.kill('SIGTERM');
    turn.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await rm(dataDir, { recursive: true, force: true });
  }
});
