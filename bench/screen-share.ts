// Screen sharing on one built instance (issue 37's targets), in Debian's headless Chromium with its fake screen:
// 1. the first frame in the staff viewer, from the click on « Rejoindre » to a frame with a size in its <video>, over
//    10 sessions one after the other (target: median under 1 s);
// 2. 20 sessions at once, each client sharing and a staff viewer watching: the server's memory against before and its
//    CPU while they run (target: + < 20 MB, near idle: the media goes from browser to browser, the server only relays
//    the few signalling messages). Build first. Writes bench/results/screen-share.json.
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import { chromium, request as apiRequest, type Browser, type Page } from '@playwright/test';
import { BROWSER_ARGS } from '../playwright.config.ts';
import { browsersOf } from '../scripts/browsers.ts';
import { startServer, type RunningServer } from './server.ts';
import { median } from './alternating.ts';

const PORT = 3195;
const ADMIN = { username: 'bench-admin', password: 'motdepasse-bench-ecran-1', secretCode: 'code-bench-ecran' };
const FIRST_FRAME_SESSIONS = Number(process.env.BENCH_FIRST_FRAMES ?? 10);
const AT_ONCE = Number(process.env.BENCH_SESSIONS ?? 20);
const CPU_WINDOW_MS = 10_000;
const TARGETS = { firstFrameMedianMs: 1000, memoryDeltaMb: 20 };
const WAIT = { timeout: 120_000 };

let addresses = 0;
/** Each sign-in from an address of its own, as the server believes its local proxy (TRUST_PROXY). */
const anAddress = () => ({ 'x-forwarded-for': `10.77.${Math.floor(++addresses / 250)}.${1 + (addresses % 250)}` });

/** The server's resident memory (MB) and CPU time so far (ms), from /proc. */
async function serverUsage(server: RunningServer) {
  const pid = server.process.pid!;
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)![1]);
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
  // utime and stime (fields 14 and 15 of stat), in clock ticks of 10 ms.
  const cpuMs = (Number(fields[11]) + Number(fields[12])) * 10;
  return { rssMb: Math.round(rssKb / 102.4) / 10, cpuMs };
}

/**
 * A page from an address of its own, as each client and staff member is: the server caps live streams per address
 * (services/live/stream-limits.ts), which forty pages from one address would reach.
 */
async function newPage(browser: Browser): Promise<Page> {
  return (
    await browser.newContext({ viewport: { width: 1280, height: 900 }, extraHTTPHeaders: anAddress() })
  ).newPage();
}

/** A client with a paid plan and an open request, its page on « Mes demandes » sharing its screen. */
async function sharingClient(browser: Browser, base: string, n: number) {
  const username = `bench-ecran-${Date.now().toString(36)}-${n}`;
  const email = `${username}@exemple.fr`;
  const api = await apiRequest.newContext({ baseURL: base });
  const login = await api.post('/api/admin/login', { data: ADMIN, headers: anAddress() });
  if (!login.ok()) throw new Error(`admin sign-in: ${login.status()}`);
  const order = await api.post('/api/admin/manual-orders', {
    data: {
      clientName: `Client Écran ${n}`,
      clientEmail: email,
      username,
      password: 'motdepasse-client-ecran-1',
      plan: 'pro',
      paymentMethod: 'carte',
      paymentStatus: 'paid',
      orderDate: new Date().toISOString().slice(0, 10),
    },
  });
  if (order.status() !== 201) throw new Error(`order: ${order.status()} ${await order.text()}`);
  await api.dispose();

  const page = await newPage(browser);
  const signIn = await page.request.post(`${base}/api/auth/login`, {
    data: { email: username, password: 'motdepasse-client-ecran-1' },
  });
  if (!signIn.ok()) throw new Error(`client sign-in: ${signIn.status()}`);
  const asked = await page.request.post(`${base}/api/interventions`, { data: {} });
  if (asked.status() !== 201) throw new Error(`request: ${asked.status()} ${await asked.text()}`);
  await page.goto(`${base}/client/demandes`);
  await page.locator('html[data-script-ready="true"]').waitFor(WAIT);
  await page.getByRole('button', { name: 'Partager mon écran' }).first().click(WAIT);
  await page.getByRole('button', { name: 'Choisir l’écran à partager' }).click(WAIT);
  await page.getByTestId('share-banner').filter({ hasText: 'Votre écran est partagé' }).waitFor(WAIT);
  return { page, email };
}

/** A back-office page on the requests, signed in as the admin (an admin may join any share). */
async function staffPage(browser: Browser, base: string): Promise<Page> {
  const page = await newPage(browser);
  const login = await page.request.post(`${base}/api/admin/login`, { data: ADMIN });
  if (!login.ok()) throw new Error(`admin sign-in: ${login.status()}`);
  await page.goto(`${base}/admin?tab=interventions`);
  await page.locator('[data-testid="live-state"][data-state="open"]').waitFor(WAIT);
  return page;
}

/** « Rejoindre » on the client's request, then the time until the viewer's <video> has a frame with a size. */
async function join(staff: Page, email: string): Promise<number> {
  const card = staff.getByRole('article').filter({ hasText: email });
  const button = card.getByRole('button', { name: 'Rejoindre' });
  await button.waitFor(WAIT);
  const started = performance.now();
  await button.click(WAIT);
  await staff.waitForFunction(
    () => ((document.querySelector('[data-testid="share-video"]') as HTMLVideoElement | null)?.videoWidth ?? 0) > 0,
    null,
    { polling: 'raf', ...WAIT },
  );
  return Math.round(performance.now() - started);
}

/** The first frame of each of FIRST_FRAME_SESSIONS sessions, one after the other, each from fresh pages. */
async function firstFrames(browser: Browser, base: string) {
  const firstFrameMs: number[] = [];
  for (let n = 0; n < FIRST_FRAME_SESSIONS; n++) {
    const client = await sharingClient(browser, base, n);
    const staff = await staffPage(browser, base);
    firstFrameMs.push(await join(staff, client.email));
    await client.page.getByRole('button', { name: 'Arrêter le partage' }).click();
    await client.page.context().close();
    await staff.context().close();
  }
  return firstFrameMs;
}

/** AT_ONCE sessions shared and watched together: the server's memory before and with them, its CPU while they run. */
async function manyAtOnce(many: Browser, server: RunningServer) {
  const base = server.url;
  // One session first, shared, watched and stopped: the fresh server's first requests warm it (code compiled, pages
  // and statements cached), which is not what the sessions cost.
  const warm = await sharingClient(many, base, 99);
  const warmStaff = await staffPage(many, base);
  await join(warmStaff, warm.email);
  await warm.page.getByRole('button', { name: 'Arrêter le partage' }).click();
  await warm.page.context().close();
  await warmStaff.context().close();
  await new Promise((r) => setTimeout(r, 2000));
  const before = await serverUsage(server);
  const open: Page[] = [];
  for (let n = 0; n < AT_ONCE; n++) {
    const client = await sharingClient(many, base, 100 + n);
    const staff = await staffPage(many, base);
    await join(staff, client.email);
    open.push(client.page, staff);
  }
  const during = await serverUsage(server);
  await new Promise((r) => setTimeout(r, CPU_WINDOW_MS));
  const after = await serverUsage(server);
  const cpuPercent = Math.round(((after.cpuMs - during.cpuMs) / CPU_WINDOW_MS) * 1000) / 10;
  return { before, after, cpuPercent, open };
}

export async function measureScreenShare() {
  const boot = (port: number) =>
    startServer(
      port,
      {
        ADMIN_USERNAME: ADMIN.username,
        ADMIN_PASSWORD: ADMIN.password,
        ADMIN_SECRET_CODE: ADMIN.secretCode,
        SESSION_SECRET: 'bench-session-secret-0123456789',
        TRUST_PROXY: '127.0.0.1',
      },
      { logs: 'discard' },
    );
  let server = await boot(PORT);
  // The first frames at the fake screen's own rate; the many sessions at five frames a second: forty pages encoding
  // and decoding video at full rate saturate a two-core machine, and the browsers' load is not what is measured (the
  // server relays signalling only, whatever the rate).
  const launch = (fake: string) =>
    chromium.launch({
      executablePath: browsersOf(process.env).headlessShell.path,
      args: [...BROWSER_ARGS, '--use-fake-ui-for-media-stream', fake],
    });
  const browser = await launch('--use-fake-device-for-media-stream');
  const many = await launch('--use-fake-device-for-media-stream=fps=5');
  try {
    // 1. One session after the other: each joined from a fresh back-office page, then the client stops.
    const firstFrameMs = await firstFrames(browser, server.url);

    // 2. Many at once, on a fresh instance (the back-office lists 25 requests a page; the first part's would push
    // these off it): memory before, with every session watched, and the CPU while they run.
    await server.stop();
    server = await boot(PORT + 1);
    const { before, after, cpuPercent, open } = await manyAtOnce(many, server);

    const result = {
      measuredAt: new Date().toISOString(),
      targets: TARGETS,
      firstFrame: {
        sessions: FIRST_FRAME_SESSIONS,
        medianMs: median(firstFrameMs),
        maxMs: Math.max(...firstFrameMs),
        allMs: firstFrameMs,
        met: median(firstFrameMs) < TARGETS.firstFrameMedianMs,
      },
      atOnce: {
        sessions: AT_ONCE,
        serverRssMbBefore: before.rssMb,
        serverRssMbWithSessions: after.rssMb,
        memoryDeltaMb: Math.round((after.rssMb - before.rssMb) * 10) / 10,
        serverCpuPercentWhileSharing: cpuPercent,
        met: after.rssMb - before.rssMb < TARGETS.memoryDeltaMb,
      },
    };
    await mkdir('bench/results', { recursive: true });
    await writeFile('bench/results/screen-share.json', `${JSON.stringify(result, null, 2)}\n`);
    console.log(
      `first frame median ${result.firstFrame.medianMs} ms; ${AT_ONCE} at once: +${result.atOnce.memoryDeltaMb} MB`,
    );
    for (const page of open) await page.context().close();
    return result;
  } finally {
    await browser.close();
    await many.close();
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await measureScreenShare(), null, 2));
}
