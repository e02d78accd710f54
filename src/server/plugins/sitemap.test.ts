import { describe, expect, it } from 'vitest';
import { robotsTxt } from './sitemap.ts';

describe('[SEO][ROBOTS] robots.txt', () => {
  it('points crawlers to the sitemap at the configured public address, and keeps them out of private pages', () => {
    const robots = robotsTxt('https://www.exemple.fr/');
    expect(robots.split('\n')).toContain('Sitemap: https://www.exemple.fr/sitemap.xml');
    for (const path of ['/admin', '/client/', '/dashboard']) expect(robots).toContain(`Disallow: ${path}\n`);
  });
});
