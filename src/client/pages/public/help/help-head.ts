import type { SiteInfo } from '#shared/site.ts';
import { helpArticlePath, type HelpPageData } from '#shared/help/help-pages.ts';

export const helpTitle = (title: string, siteName: string) => `${title} | ${siteName}`;

/** Head of an article's page, rendered on the server: its own title, description and structured data (schema.org). */
export function helpArticleHead(help: HelpPageData | undefined, site: SiteInfo) {
  if (help?.kind !== 'article') return null;
  const { article } = help;
  const url = site.publicUrl + helpArticlePath(article.slug);
  const structured = {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: article.title,
    description: article.summary,
    inLanguage: 'fr-FR',
    datePublished: article.publishedAt,
    dateModified: article.updatedAt,
    mainEntityOfPage: url,
    author: { '@type': 'Organization', name: site.siteName, url: site.publicUrl },
    publisher: { '@type': 'Organization', name: site.siteName, url: site.publicUrl },
  };
  return {
    title: helpTitle(article.title, site.siteName),
    description: article.summary,
    canonical: url,
    // Inside <script>: no `<` may close it early, whatever a title holds.
    jsonLd: JSON.stringify(structured).replace(/</g, '\\u003c'),
  };
}
