import { expect, test } from '@playwright/test';

// The CSP forbids inline script and eval: a page or a library that needs them would break silently in production.
for (const path of ['/', '/register?plan=pro', '/verify-invoice', '/cgv', '/admin']) {
  test(`[PUBLIC][CSP] ${path} runs without any Content-Security-Policy violation`, async ({ page }) => {
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (e) =>
        seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
      );
    });
    await page.goto(path);
    await expect(page.locator('h1').first()).toBeVisible();
    // Exercise the forms' validation, where schema code runs in the browser.
    const submit = page.locator('form button[type="submit"]').first();
    if (await submit.count()) {
      // Brought into view as a visitor would: the landing page's contact form loads its code when it comes near.
      await submit.scrollIntoViewIfNeeded();
      await expect(submit).toBeEnabled();
      await submit.click();
    }
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
  });
}
