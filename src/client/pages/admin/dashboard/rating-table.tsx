import { queryOptions, useQuery } from '@tanstack/react-query';
import { formatStars, type RatingStats } from '../../../../shared/rating-api';
import { api } from '../../../lib/api';
import { StarsDisplay } from '../../../components/rating/stars';
import { adminKeys } from '../api/queries';
import { EmptyState, Loading, QueryError } from '../common/query-state';

// Under the interventions key: a rating arriving with the list refreshes these figures too.
const ratingsQuery = queryOptions({
  queryKey: [...adminKeys.interventions, 'ratings'] as const,
  queryFn: () => api<RatingStats>('/api/admin/interventions/ratings'),
});

const monthFmt = new Intl.DateTimeFormat('fr-FR', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const monthLabel = (month: string) => monthFmt.format(new Date(`${month}-01T00:00:00Z`));
const td = 'whitespace-nowrap px-3 py-2 text-right tabular-nums';

/** Per month of the request: how many clients rated their completed request, and the average note. */
export function RatingTable() {
  const stats = useQuery(ratingsQuery);
  return (
    <section aria-labelledby="rating-title" className="min-w-0 rounded-xl border border-slate-200 bg-white shadow-sm">
      <h3 id="rating-title" className="border-b border-slate-200 px-4 py-3 font-semibold text-slate-900">
        Avis des clients
        <span className="block text-xs font-normal text-slate-600">Par mois de la demande, de 1 à 5 étoiles.</span>
      </h3>
      {stats.isPending ? <Loading /> : stats.isError ? <QueryError error={stats.error} onRetry={() => void stats.refetch()} /> : stats.data.length === 0 ? (
        <div className="p-4"><EmptyState>Aucun avis pour le moment</EmptyState></div>
      ) : (
        <div className="overflow-x-auto" tabIndex={0} role="region" aria-labelledby="rating-title">
          <table className="w-full min-w-[320px] text-sm">
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                <th scope="col" className="px-3 py-2 text-left font-semibold">Mois</th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">Avis</th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">Note moyenne</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {stats.data.map((r) => (
                <tr key={r.month}>
                  <th scope="row" className="whitespace-nowrap px-3 py-2 text-left font-medium capitalize text-slate-900">{monthLabel(r.month)}</th>
                  <td className={td}>{r.count}</td>
                  <td className={`${td} ${r.average < 3.5 ? 'font-semibold text-red-700' : 'text-slate-900'}`}>
                    <span className="inline-flex items-center gap-2">
                      <StarsDisplay stars={Math.round(r.average)} size="sm" decorative />
                      {formatStars(r.average)} / 5
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
