import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import { E2E_ADMIN } from '../../playwright.config.ts';
import type { OrderCreated } from '#shared/orders/order-api.ts';

/** Runs axe on the page and fails on any serious or critical violation, listing them. */
export async function expectNoSeriousA11yViolations(page: Page) {
  // Scanned without motion: a notification fading in or out during the scan (which takes a while) has, for a few
  // frames, text axe measures as too pale. Sonner drops its transitions for reduced motion; what else is moving
  // finishes first (endless animations, a spinner, aside).
  await page.emulateMedia({ reducedMotion: 'reduce' });
  // A page rendered by the server is scanned once its script has taken over (html[data-script-ready], app.tsx): at that
  // moment its buttons turn from disabled to enabled, colours in transition that axe would measure half-way.
  await page.waitForFunction(
    () => document.documentElement.dataset.scriptReady === 'true' || !document.querySelector('script[type="module"]'),
  );
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  // Legacy mode runs axe.run() in the page itself: the default also opens a blank page per scan to merge the frames'
  // results, which our pages (no frames) do not need, and which made a scan twice as long (0.6 s against 1.2–2.1 s).
  const results = await new AxeBuilder({ page })
    .setLegacyMode()
    .analyze()
    .finally(() => page.emulateMedia({ reducedMotion: null }));
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')})`,
    );
  expect(serious).toEqual([]);
}

/**
 * A screenshot for people to look at (a whole page, or one part at its real size), written only when SCREENSHOT_DIR
 * names a folder: a CI run takes none.
 */
export async function shot(target: Page | Locator, name: string) {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  const path = `${dir}/${name}.png`;
  await ('goto' in target ? target.screenshot({ path, fullPage: true }) : target.screenshot({ path }));
}

/**
 * Exactly one of these texts. For a date read at two moments (the page's and the test's): across midnight in Paris
 * they may be either side of it, and both are right.
 */
export function exactlyOneOf(...texts: string[]): RegExp {
  // Space around, as a text matched by a string is read (an icon's space before it).
  return new RegExp(`^\\s*(?:${texts.map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})\\s*$`);
}

/**
 * Whether the month changes in Paris within the next `minutes`. A test of this month's counts (the interventions left
 * in a plan) cannot hold across it: the count starts again at the change, as it should.
 */
export function monthChangesWithin(minutes: number, now = new Date()): boolean {
  const month = (at: Date) =>
    new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', month: 'numeric' }).format(at);
  return month(now) !== month(new Date(now.getTime() + minutes * 60_000));
}

/** A unique e-mail per test, so tests sharing the e2e server never see each other's data. */
export function uniqueEmail(prefix = 'client'): string {
  return `${prefix}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@exemple.fr`;
}

/** Staff create a paid order through the back-office API, as they would from /admin (its own rate limits apply). */
/**
 * Headers that make an API call come from an address of its own, as the e2e server believes its local proxy
 * (TRUST_PROXY, playwright.config.ts). Sign-ins are limited per address (server/rate-limits.ts): the whole suite
 * signing in from one address would pass that limit, where real staff and clients come from many.
 */
export function fromAnAddress(
  address = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`,
) {
  return { 'x-forwarded-for': address };
}

export async function createOrder(request: APIRequestContext, order: Record<string, unknown>): Promise<OrderCreated> {
  const login = await request.post('/api/admin/login', {
    data: { username: E2E_ADMIN.username, password: E2E_ADMIN.password },
    headers: fromAnAddress(),
  });
  expect(login.status()).toBe(200);
  const res = await request.post('/api/admin/manual-orders', {
    data: { paymentMethod: 'carte', paymentStatus: 'paid', orderDate: '2025-01-17', ...order },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as OrderCreated;
}

/**
 * Signs in to the back-office (the e2e admin unless told, password only) and waits for the member's name on /admin.
 * Through the API, in the page's own context (its cookies, its user agent): a session of its own per test, so a test
 * that signs out or closes sessions never touches another's. The sign-in form is what `{ form: true }` and the tests
 * of signing in themselves (admin.spec.ts « [ADMIN][LOGIN] », admin-two-factor.spec.ts) go through.
 */
export async function staffSignIn(
  page: Page,
  account: { username: string; password: string } = E2E_ADMIN,
  { form = false, address = '' } = {},
) {
  if (form) {
    await page.goto('/admin');
    await page.getByLabel("Nom d'utilisateur").fill(account.username);
    await page.getByLabel('Mot de passe').fill(account.password);
    await page.getByRole('button', { name: 'Se connecter' }).click();
  } else {
    const login = await page.request.post('/api/admin/login', {
      data: { username: account.username, password: account.password },
      headers: fromAnAddress(address || undefined),
    });
    expect(login.status(), await login.text()).toBe(200);
    await page.goto('/admin');
  }
  await expect(page.getByTestId('staff-username')).toHaveText(account.username);
}

/**
 * After each test of a file whose tests open browsers of their own (a client and a member side by side): Playwright
 * closes only the context it handed out, and a page left open keeps its live stream, reloading its lists at every
 * event, until the worker ends.
 */
export async function closeOpenedContexts({ browser }: { browser: Browser }) {
  await Promise.all(browser.contexts().map((context) => context.close()));
}

/**
 * The staff's request list, newest first. The shared server holds every test's requests, and many are left waiting
 * for a first answer: « À traiter en premier », the default, sorts them by the time promised, which by day puts a new
 * one below all of them, maybe past the first page (at night they all share 08:15 and the newest comes first).
 */
export async function newestRequestsFirst(page: Page) {
  await page.getByLabel('Trier par').selectOption('recent');
}

/**
 * Searches « Commandes » for the orders of an e-mail and waits for the list the search found (« 1 commande »,
 * « 2 commandes »). The unfiltered list stays on screen until the search applies (after a pause in typing), and a click
 * on it in that instant is lost with it; it may even show the same count (a server holding only this order). The list
 * is replaced before its request leaves, so once the search's answer is in, the count on screen is the searched one.
 */
export async function searchOrders(page: Page, email: string, count = 1) {
  const searched = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/admin/manual-orders' && new URL(r.url()).searchParams.get('q') === email,
  );
  await page.getByLabel('Rechercher une commande').fill(email);
  await searched;
  await expect(
    page.getByRole('tabpanel').getByText(count === 1 ? '1 commande' : `${count} commandes`, { exact: true }),
  ).toBeVisible();
}

/** Opens the member's own menu in the back-office's header: « Mes sessions », « Mon mot de passe », « Déconnexion »… */
export async function openStaffMenu(page: Page) {
  const button = page
    .getByRole('banner')
    .getByRole('button')
    .filter({ has: page.getByTestId('staff-username') });
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
}

/** Shows the secret code's field, behind its one button in the back-office's header. */
export async function openSecretCode(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Code secret' }).click();
}

/** Opens the header's « Notifications » panel (the browser's notifications, the alerts' tone). */
export async function openNotifications(page: Page) {
  const button = page.getByRole('banner').getByRole('button', { name: 'Notifications' });
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
}
