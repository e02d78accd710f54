import { defineConfig, devices } from '@playwright/test';
import { browsersOf } from './scripts/browsers.ts';

// E2E_PORT lets two runs share a machine; each gets its own server and data.
const PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_ADMIN = { username: 'staff-e2e', password: 'motdepasse-e2e-1', secretCode: 'code-e2e-42' };

// Debian's browsers, never a downloaded one; flags keep them off the network they cannot reach.
const args = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
/** The flags every test browser starts with: a spec that launches its own browser starts from them. */
export const BROWSER_ARGS: readonly string[] = args;
const browsers = browsersOf(process.env);
// Its headless shell (package chromium-headless-shell): the same Blink without the browser's user interface, as
// Playwright's own headless default. The suite runs in about half the time it took in the full Chromium, whose
// `--headless` is the whole browser drawing through a GPU process.
const headlessShell = { executablePath: browsers.headlessShell.path, args };
// The full Chromium, for the tests tagged FULL_BROWSER: the shell has no permission prompts (it refuses notifications
// before anyone is asked), and those tests are about what a member answers to that prompt.
const fullChromium = { executablePath: browsers.chromium.path, args };
export const FULL_BROWSER = '@full-browser';

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? 'list' : [['list']],
  outputDir: `test-results/${PORT}`,
  // Limits, not waits: every test waits for states, so a fast machine is never slowed by them. They hold on a machine
  // two or three times slower than a quiet one (a shared CI machine), where a staff test that signs in on two
  // devices and runs axe took 25–30 s on its own.
  timeout: 90_000,
  expect: { timeout: 20_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    // No trace by default: recording one for every test (screenshots and DOM snapshots at each step, thrown away when
    // it passes) cost a quarter of the suite's time. A failing test is re-run with `--trace on` to get one.
    trace: 'off',
    launchOptions: headlessShell,
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], launchOptions: headlessShell },
      testIgnore: /lighthouse\.spec\.ts$/,
      grepInvert: new RegExp(FULL_BROWSER),
    },
    {
      name: 'full-browser',
      use: { ...devices['Desktop Chrome'], launchOptions: fullChromium },
      testIgnore: /lighthouse\.spec\.ts$/,
      grep: new RegExp(FULL_BROWSER),
    },
    // Lighthouse runs its own Chromium and traces a page load: alone, once the other tests are done, so that it does
    // not measure (or break its trace on) a machine busy with two other browsers.
    { name: 'lighthouse', testMatch: /lighthouse\.spec\.ts$/, dependencies: ['desktop', 'full-browser'] },
  ],
  webServer: {
    // A fresh embedded database per run: no test depends on what an earlier run left.
    command: `rm -rf .e2e-data-${PORT} && npm run serve`,
    url: `http://127.0.0.1:${PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: `.e2e-data-${PORT}`,
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      ADMIN_USERNAME: E2E_ADMIN.username,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      ADMIN_SECRET_CODE: E2E_ADMIN.secretCode,
      SESSION_SECRET: 'e2e-session-secret-0123456789',
      // The tests' API sign-ins name an address of their own in X-Forwarded-For (fixtures.ts, fromAnAddress), as a
      // proxy in front of the site would: the suite signs in more often than one address may.
      TRUST_PROXY: '127.0.0.1',
      LOG_LEVEL: 'warn',
    },
  },
});
