import type { FastifyInstance } from 'fastify';
import { helpArticlePath } from '#shared/help/help-pages.ts';
import { publishedAddresses } from '#server/services/help/public-articles.ts';

const escapeXml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/**
 * /robots.txt: what crawlers may read, and where the sitemap is. Served here rather than as a file of the build,
 * because the sitemap's line needs the public address this server is configured with (PUBLIC_URL).
 */
export function robotsTxt(publicUrl: string): string {
  const base = publicUrl.replace(/\/+$/, '');
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin',
    'Disallow: /client/',
    'Disallow: /dashboard',
    '',
    `Sitemap: ${base}/sitemap.xml`,
    '',
  ].join('\n');
}

/**
 * /sitemap.xml: the public pages search engines may index, and every published help article with its last change
 * (drafts never). Read for each request: staff publish at any time.
 */
export function registerCrawlerFiles(app: FastifyInstance, paths: string[]) {
  const base = app.config.PUBLIC_URL.replace(/\/+$/, '');
  const robots = robotsTxt(app.config.PUBLIC_URL);
  app.get('/robots.txt', async (_request, reply) =>
    reply
      .header('content-type', 'text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .send(robots),
  );
  app.get('/sitemap.xml', async (_request, reply) => {
    const articles = await publishedAddresses(app.db);
    const urls = [
      ...paths.map((path) => `<url><loc>${escapeXml(base + path)}</loc></url>`),
      ...articles.map(
        (a) =>
          `<url><loc>${escapeXml(base + helpArticlePath(a.slug))}</loc><lastmod>${a.updatedAt.toISOString()}</lastmod></url>`,
      ),
    ];
    return reply
      .header('content-type', 'application/xml; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`,
      );
  });
}
