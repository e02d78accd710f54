import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteOptions } from 'fastify';
import { createTestApp, type TestApp } from '#server/test/harness.ts';

/** nginx's size syntax: a number with k or m (kibibytes, mebibytes), or bytes. */
function nginxSize(value: string): number {
  const match = /^(\d+)([kKmMgG]?)$/.exec(value);
  if (!match) throw new Error(`unreadable size ${value}`);
  const unit = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 }[match[2]!.toLowerCase() as '' | 'k' | 'm' | 'g'];
  return Number(match[1]) * unit;
}

describe('[DEPLOY] the proxy recipe lets through every upload the server accepts', () => {
  let t: TestApp;
  const limits: { url: string; bodyLimit: number }[] = [];
  beforeAll(async () => {
    t = await createTestApp(
      {},
      {
        onRoute: (route: RouteOptions) => {
          if (route.bodyLimit) limits.push({ url: route.url, bodyLimit: route.bodyLimit });
        },
      },
    );
  });
  afterAll(async () => t.close());

  it('client_max_body_size in deploy/rfs-proxy.conf is at least the largest route body limit, and not far above', async () => {
    const recipe = await readFile(new URL('../../../deploy/rfs-proxy.conf', import.meta.url), 'utf8');
    const lines = [...recipe.matchAll(/^\s*client_max_body_size\s+(\S+);/gm)];
    expect(lines).toHaveLength(1);
    const proxy = nginxSize(lines[0]![1]!);
    const largest = limits.reduce((a, b) => (b.bodyLimit > a.bodyLimit ? b : a));
    // The proof upload (10 MB of file and its framing) is the largest today.
    expect(largest.url).toBe('/api/client/devices/:id/proofs');
    expect(proxy).toBeGreaterThanOrEqual(largest.bodyLimit);
    // Not far above: a body no route takes is still stopped at the proxy, before it reaches an instance.
    expect(proxy).toBeLessThan(largest.bodyLimit + 2 * 1024 ** 2);
  });
});
