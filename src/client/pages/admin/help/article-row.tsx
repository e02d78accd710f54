import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { formatDateTime } from '#shared/format.ts';
import { HELP_CATEGORY_LABELS } from '#shared/help/help-labels.ts';
import type { HelpArticleDto } from '#shared/help/help-admin-api.ts';
import { helpArticlePath } from '#shared/help/help-pages.ts';

/** An article in « Aide »: its state, its theme, and what readers made of it. */
export function ArticleRow({ article, onEdit }: { article: HelpArticleDto; onEdit(): void }) {
  const published = article.status === 'published';
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <Badge tone={published ? 'green' : 'amber'}>{published ? 'Publié' : 'Brouillon'}</Badge>
            <span className="text-sm text-slate-600">{HELP_CATEGORY_LABELS[article.category]}</span>
          </div>
          <h3 className="mt-1 font-semibold text-slate-900">{article.title}</h3>
          <p className="text-sm text-slate-600">
            {published ? (
              <a href={helpArticlePath(article.slug)} className="text-brand-700 underline">
                {helpArticlePath(article.slug)}
              </a>
            ) : (
              helpArticlePath(article.slug)
            )}{' '}
            · modifié le {formatDateTime(article.updatedAt)}
            {article.updatedBy ? ` par ${article.updatedBy}` : ''}
          </p>
        </div>
        <Button variant="secondary" size="sm" onClick={onEdit} aria-label={`Modifier « ${article.title} »`}>
          Modifier
        </Button>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
        <Figure label="Lectures" value={article.views} />
        <Figure label="« Oui, il m’a aidé »" value={article.yes} />
        <Figure label="« Non »" value={article.no} />
        <Figure label="Résolu sans demande" value={article.solved} />
      </dl>
    </li>
  );
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-lg bg-slate-50 px-3 py-2">
      <dt className="text-slate-600">{label}</dt>
      <dd className="text-lg font-semibold text-slate-900">{value.toLocaleString('fr-FR')}</dd>
    </div>
  );
}
