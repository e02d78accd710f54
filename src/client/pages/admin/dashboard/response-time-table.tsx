import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseTimeStats } from '#shared/interventions/intervention-api.ts';
import { findPlan } from '#shared/plans.ts';
import { durationLabel } from '#shared/calendar/support-clock.ts';
import { api } from '#client/lib/api.ts';
import { adminKeys } from '#client/pages/admin/api/queries.ts';
import { StatsPanel, figureCell, monthLabel } from './stats-panel.tsx';

// Under the interventions key: taking a request in charge refreshes these figures with the list.
const responseTimesQueryOptions = queryOptions({
  queryKey: [...adminKeys.interventions, 'response-times'] as const,
  queryFn: () => api<ResponseTimeStats>('/api/admin/interventions/response-times'),
});

/** Per month and plan: the share of requests answered by their due time, and the median first response. */
export function ResponseTimeTable() {
  const stats = useQuery(responseTimesQueryOptions);
  return (
    <StatsPanel
      id="response-time-title"
      title="Délais de prise en charge"
      subtitle="Par mois de la demande. Le délai médian compte les heures d’ouverture de la formule."
      query={stats}
      empty="Aucune demande mesurée pour le moment"
      columns={['Mois', 'Formule', 'Demandes', 'Dans les délais', 'Délai médian']}
      textColumns={2}
      minWidth="min-w-[520px]"
    >
      {(rows) =>
        rows.map((r) => {
          const share = Math.round((100 * r.withinPromise) / r.measured);
          return (
            <tr key={`${r.month}:${r.plan}`}>
              <td className="whitespace-nowrap px-3 py-2 capitalize">{monthLabel(r.month)}</td>
              <th scope="row" className="px-3 py-2 text-left font-medium text-slate-900">
                {findPlan(r.plan)?.name ?? r.plan}
              </th>
              <td className={figureCell}>{r.measured}</td>
              <td className={`${figureCell} ${share < 90 ? 'font-semibold text-red-700' : 'text-emerald-800'}`}>
                {share} % <span className="font-normal text-slate-600">({r.withinPromise})</span>
              </td>
              <td className={figureCell}>{r.medianMinutes === null ? '—' : durationLabel(r.medianMinutes * 60_000)}</td>
            </tr>
          );
        })
      }
    </StatsPanel>
  );
}
