import { expect, test } from '@playwright/test';

// The browser's files are compressed once per build (vite.config.ts) and cached for a year under their hashed names.
test("[PUBLIC][ASSETS] the landing page's script comes compressed at build time, cached for a year", async ({
  page,
  request,
}) => {
  await page.goto('/');
  const src = await page.locator('script[type="module"][src^="/assets/"]').first().getAttribute('src');
  expect(src).toMatch(/^\/assets\/index-[\w-]+\.js$/);
  for (const encoding of ['br', 'gzip']) {
    const res = await request.get(src!, { headers: { 'accept-encoding': `${encoding}, zstd` } });
    expect(res.status()).toBe(200);
    const headers = res.headers();
    expect(headers['content-encoding'], encoding).toBe(encoding);
    // A file sent as it is on disk has its length; one compressed on the fly is streamed without it.
    expect(Number(headers['content-length']), encoding).toBeGreaterThan(1000);
    expect(headers['cache-control']).toContain('immutable');
    expect(headers['cache-control']).toContain('max-age=31536000');
    // What applies to a script, and not the documents' headers (a policy means nothing on a script).
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(headers['content-security-policy']).toBeUndefined();
  }
  const favicon = await request.get('/favicon.svg');
  expect(favicon.status()).toBe(200);
  expect(favicon.headers()['cache-control']).toContain('max-age=86400');
  // The page itself keeps every header.
  const home = await request.get('/');
  expect(home.headers()['content-security-policy']).toContain("default-src 'self'");
  expect(home.headers()['x-frame-options']).toBe('DENY');
});
