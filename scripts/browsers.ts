/** A browser the tests drive: Debian's, at its usual path unless a variable names another one (decision 025). */
export type Browser = {
  /** the variable that names another binary */
  variable: 'E2E_BROWSER_PATH' | 'CHROMIUM_PATH' | 'TURNSERVER_PATH';
  path: string;
  /** the Debian package that puts it at its usual path; null when the variable named another binary */
  debianPackage: string | null;
};

function browser(env: NodeJS.ProcessEnv, variable: Browser['variable'], path: string, debianPackage: string): Browser {
  const named = env[variable];
  return named ? { variable, path: named, debianPackage: null } : { variable, path, debianPackage };
}

/**
 * The headless shell runs the browser tests; the full Chromium runs Lighthouse and the tests of permission prompts.
 * Read by playwright.config.ts, bench/lighthouse-run.ts and the preflight of npm test.
 */
export function browsersOf(env: NodeJS.ProcessEnv) {
  return {
    headlessShell: browser(env, 'E2E_BROWSER_PATH', '/usr/bin/chromium-headless-shell', 'chromium-headless-shell'),
    chromium: browser(env, 'CHROMIUM_PATH', '/usr/bin/chromium', 'chromium'),
    // Not a browser, but what a browser test needs: the relay a shared screen goes through (screen-share.spec.ts).
    turnserver: browser(env, 'TURNSERVER_PATH', '/usr/bin/turnserver', 'coturn'),
  };
}
