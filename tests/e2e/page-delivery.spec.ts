import { expect, test } from '@playwright/test';

// The public pages are rendered once per deployment and kept compressed (plugins/pages.ts): each encoding carries the
// same page, and a revisit with the ETag costs no body.
test('[PAGES][DELIVERY] a public page comes precompressed in brotli or gzip, the same page either way, and revalidates by ETag', async ({
  baseURL,
}) => {
  // Node's fetch decodes what it receives, which is what a browser does: the identity answer is the reference.
  const get = (headers: Record<string, string>) => fetch(`${baseURL}/`, { headers });
  const plain = await get({ 'accept-encoding': 'identity' });
  expect(plain.headers.get('content-encoding')).toBeNull();
  const html = await plain.text();
  expect(html).toContain('<h1');

  const br = await get({ 'accept-encoding': 'gzip, deflate, br' });
  expect(br.headers.get('content-encoding')).toBe('br');
  expect(Number(br.headers.get('content-length'))).toBeLessThan(Buffer.byteLength(html) / 4);
  expect(await br.text()).toBe(html);

  const gzip = await get({ 'accept-encoding': 'gzip' });
  expect(gzip.headers.get('content-encoding')).toBe('gzip');
  expect(await gzip.text()).toBe(html);

  const etag = plain.headers.get('etag');
  expect(etag).toMatch(/^".+"$/);
  const again = await get({ 'if-none-match': etag! });
  expect(again.status).toBe(304);
  expect(await again.text()).toBe('');
});
