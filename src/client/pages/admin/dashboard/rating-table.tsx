import { queryOptions, useQuery } from '@tanstack/react-query';
import { formatStars, type RatingStats } from '#shared/interventions/rating-api.ts';
import { api } from '#client/lib/api.ts';
import { StarsDisplay } from '#client/components/rating/stars.tsx';
import { adminKeys } from '#client/pages/admin/api/queries.ts';
import { StatsPanel, figureCell, monthLabel } from './stats-panel.tsx';

// Under the interventions key: a rating arriving with the list refreshes these figures too.
const ratingsQueryOptions = queryOptions({
  queryKey: [...adminKeys.interventions, 'ratings'] as const,
  queryFn: () => api<RatingStats>('/api/admin/interventions/ratings'),
});

/** Per month of the request: how many clients rated their completed request, and the average note. */
export function RatingTable() {
  const stats = useQuery(ratingsQueryOptions);
  return (
    <StatsPanel
      id="rating-title"
      title="Avis des clients"
      subtitle="Par mois de la demande, de 1 à 5 étoiles."
      query={stats}
      empty="Aucun avis pour le moment"
      columns={['Mois', 'Avis', 'Note moyenne']}
      textColumns={1}
      minWidth="min-w-[320px]"
    >
      {(rows) =>
        rows.map((r) => (
          <tr key={r.month}>
            <th scope="row" className="whitespace-nowrap px-3 py-2 text-left font-medium capitalize text-slate-900">
              {monthLabel(r.month)}
            </th>
            <td className={figureCell}>{r.count}</td>
            <td className={`${figureCell} ${r.average < 3.5 ? 'font-semibold text-red-700' : 'text-slate-900'}`}>
              <span className="inline-flex items-center gap-2">
                <StarsDisplay stars={Math.round(r.average)} size="sm" decorative />
                {formatStars(r.average)} / 5
              </span>
            </td>
          </tr>
        ))
      }
    </StatsPanel>
  );
}
