import { expect, test } from '@playwright/test';

// The browser's files are compressed once per build (vite.config.ts) and cached for a year under their hashed names.
test('[PUBLIC][ASSETS] the landing page\'s script comes compressed at build time, cached for a year', async ({ page, request }) => {
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
  }
  const favicon = await request.get('/favicon.svg');
  expect(favicon.status()).toBe(200);
  expect(favicon.headers()['cache-control']).toContain('max-age=86400');
});
