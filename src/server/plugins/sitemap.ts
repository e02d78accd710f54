import type { FastifyInstance } from 'fastify';
import { helpArticlePath } from '#shared/help/help-pages.ts';
import { publishedAddresses } from '#server/services/help/public-articles.ts';

const escapeXml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/**
 * /sitemap.xml: the public pages search engines may index, and every published help article with its last change
 * (drafts never). Read for each request: staff publish at any time.
 */
export function registerSitemap(app: FastifyInstance, paths: string[]) {
  const base = app.config.PUBLIC_URL.replace(/\/+$/, '');
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
