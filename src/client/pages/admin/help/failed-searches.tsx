import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '#shared/format.ts';
import { Loading, QueryError } from '#client/pages/admin/common/query-state.tsx';
import { failedSearchesQueryOptions } from './help-api.ts';

/** The questions readers asked that no article answered, most frequent first: what to write next. */
export function FailedSearches() {
  const misses = useQuery(failedSearchesQueryOptions);
  return (
    <section aria-labelledby="misses-title" className="mt-8">
      <h3 id="misses-title" className="text-lg font-semibold text-slate-900">
        Recherches sans résultat
      </h3>
      <p className="mt-1 text-sm text-slate-600">
        Ce que les visiteurs ont cherché dans le centre d’aide ou demandé à l’assistant sans trouver d’article.
      </p>
      {misses.isPending ? (
        <Loading />
      ) : misses.isError ? (
        <QueryError error={misses.error} onRetry={() => void misses.refetch()} />
      ) : misses.data.length === 0 ? (
        <p className="mt-3 text-sm text-slate-700">Aucune pour le moment.</p>
      ) : (
        <table className="mt-3 w-full text-left text-sm">
          <thead className="text-slate-600">
            <tr>
              <th scope="col" className="py-2 pr-3 font-medium">
                Recherche
              </th>
              <th scope="col" className="py-2 pr-3 text-right font-medium">
                Fois
              </th>
              <th scope="col" className="hidden py-2 font-medium sm:table-cell">
                Dernière
              </th>
            </tr>
          </thead>
          <tbody>
            {misses.data.map((m) => (
              <tr key={m.query} className="border-t border-slate-200">
                <td className="py-2 pr-3 break-words text-slate-900">{m.query}</td>
                <td className="py-2 pr-3 text-right font-semibold">{m.count}</td>
                <td className="hidden py-2 text-slate-600 sm:table-cell">{formatDateTime(m.lastAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
