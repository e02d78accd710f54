import { useEffect } from 'react';
import { PublicLayout } from '#client/components/layout/public-layout.tsx';
import { PageSpinner } from '#client/components/ui/spinner.tsx';
import { useSite } from '#client/lib/site.tsx';
import { usePathname } from '#client/lib/router.ts';
import { formatDate } from '#shared/format.ts';
import { HELP_CATEGORY_LABELS } from '#shared/help/help-labels.ts';
import { HELP_HOME } from '#shared/help/help-pages.ts';
import { NotFoundPage } from '#client/pages/public/not-found-page.tsx';
import { ArticleLink } from './help-cards.tsx';
import { HelpFeedback } from './help-feedback.tsx';
import { useHelpArticle } from './use-help-page.ts';
import { helpTitle } from './help-head.ts';

// The rendered Markdown's elements (no typography plugin: a few rules are enough).
const prose = [
  'text-lg leading-relaxed text-slate-800',
  '[&_p]:mt-4 [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6 [&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6',
  '[&_h2]:mt-8 [&_h2]:text-2xl [&_h2]:font-semibold [&_h2]:text-slate-900 [&_h3]:mt-6 [&_h3]:text-xl [&_h3]:font-semibold',
  '[&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_strong]:font-semibold [&_strong]:text-slate-900',
  '[&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_blockquote]:mt-4 [&_blockquote]:border-l-4 [&_blockquote]:border-brand-200 [&_blockquote]:pl-4',
].join(' ');

/** /aide/<slug>: a published article; a draft or an unknown address is the « not found » page (a 404 from the server). */
export function HelpArticlePage() {
  const slug = usePathname().split('/')[2] ?? '';
  const read = useHelpArticle(slug);
  const { siteName } = useSite();
  const title = read.state === 'ready' ? read.data.article.title : null;
  useEffect(() => {
    if (title) document.title = helpTitle(title, siteName);
  }, [title, siteName]);
  if (read.state === 'missing') return <NotFoundPage />;
  if (read.state === 'loading') return <PageSpinner />;
  const { article, related } = read.data;
  return (
    <PublicLayout>
      <article className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
        <nav aria-label="Fil d’Ariane" className="text-sm text-slate-600">
          <a href={HELP_HOME} className="font-medium text-brand-700 hover:underline">
            Centre d’aide
          </a>{' '}
          › {HELP_CATEGORY_LABELS[article.category]}
        </nav>
        <h1 className="mt-3 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{article.title}</h1>
        <p className="mt-3 text-lg text-slate-700">{article.summary}</p>
        <p className="mt-2 text-sm text-slate-600">
          Mis à jour le <time dateTime={article.updatedAt}>{formatDate(article.updatedAt)}</time>
        </p>
        {/* Markdown rendered on the server with raw HTML off and safe links (services/help/markdown.ts). */}
        <div className={`mt-6 ${prose}`} dangerouslySetInnerHTML={{ __html: article.html }} />
        <HelpFeedback slug={article.slug} />
        {related.length > 0 && (
          <section aria-labelledby="a-lire-aussi" className="mt-10">
            <h2 id="a-lire-aussi" className="text-xl font-semibold text-slate-900">
              À lire aussi
            </h2>
            <ul className="mt-4 grid gap-3">
              {related.map((a) => (
                <ArticleLink key={a.slug} article={a} />
              ))}
            </ul>
          </section>
        )}
      </article>
    </PublicLayout>
  );
}
