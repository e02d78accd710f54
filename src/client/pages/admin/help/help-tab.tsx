import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { EmptyState, Loading, QueryError, TabHeading, plural } from '#client/pages/admin/common/query-state.tsx';
import { useStaffSession } from '#client/pages/admin/api/session.ts';
import { ArticleEditor } from './article-editor.tsx';
import { ArticleRow } from './article-row.tsx';
import { FailedSearches } from './failed-searches.tsx';
import { helpArticlesQueryOptions } from './help-api.ts';

/**
 * « Aide »: the help centre's articles with what readers made of them, the editor, and the searches that found
 * nothing (what to write next). Technicians write drafts; admins publish.
 */
export function HelpTab() {
  const articles = useQuery(helpArticlesQueryOptions);
  const role = useStaffSession().data?.role ?? 'technicien';
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const current = typeof editing === 'number' ? articles.data?.find((a) => a.id === editing) : undefined;

  if (editing !== null && (editing === 'new' || current)) {
    return <ArticleEditor key={editing} article={current ?? null} role={role} onDone={() => setEditing(null)} />;
  }
  return (
    <section aria-labelledby="help-title">
      <TabHeading
        id="help-title"
        title="Aide"
        count={articles.data ? plural(articles.data.length, 'article') : undefined}
      >
        <Button onClick={() => setEditing('new')}>
          <Plus aria-hidden="true" className="size-4" />
          Nouvel article
        </Button>
      </TabHeading>
      <p className="mb-4 text-sm text-slate-600">
        Les articles publiés sont sur la page publique « Centre d’aide » et proposés aux clients pendant qu’ils écrivent
        une demande.{' '}
        {role === 'admin' ? '' : 'Vos articles restent des brouillons jusqu’à ce qu’un administrateur les publie.'}
      </p>
      {articles.isPending ? (
        <Loading />
      ) : articles.isError ? (
        <QueryError error={articles.error} onRetry={() => void articles.refetch()} />
      ) : articles.data.length === 0 ? (
        <EmptyState>Aucun article pour le moment.</EmptyState>
      ) : (
        <ul aria-label="Articles" className="grid gap-3">
          {articles.data.map((a) => (
            <ArticleRow key={a.id} article={a} onEdit={() => setEditing(a.id)} />
          ))}
        </ul>
      )}
      <FailedSearches />
    </section>
  );
}
