import { HELP_CATEGORY_LABELS } from '#shared/help/help-labels.ts';
import { helpArticlePath, type HelpArticleCard } from '#shared/help/help-pages.ts';
import type { SnippetPart } from '#shared/help/help-api.ts';

/** The words the search found, marked in the quoted text. */
function Snippet({ parts }: { parts: SnippetPart[] }) {
  return (
    <>
      {parts.map((part, i) =>
        part.found ? (
          <mark key={i} className="rounded bg-amber-100 px-0.5 text-slate-900">
            {part.text}
          </mark>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}

/**
 * An article in a list. A plain link: the article's page is the server's (rendered with its content), not a page of
 * the app that would have to fetch it.
 */
export function ArticleLink({
  article,
  snippet,
  showCategory,
}: {
  article: HelpArticleCard;
  snippet?: SnippetPart[];
  showCategory?: boolean;
}) {
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <a href={helpArticlePath(article.slug)} className="text-lg font-semibold text-brand-700 hover:underline">
        {article.title}
      </a>
      {showCategory && <p className="mt-0.5 text-sm text-slate-600">{HELP_CATEGORY_LABELS[article.category]}</p>}
      <p className="mt-1 text-slate-700">{article.summary}</p>
      {snippet && snippet.length > 0 && (
        <p className="mt-2 text-sm text-slate-600">
          <Snippet parts={snippet} />
        </p>
      )}
    </li>
  );
}
