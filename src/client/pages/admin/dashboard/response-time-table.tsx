import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseTimeStats } from '../../../../shared/admin-api';
import { findPlan } from '../../../../shared/plans';
import { durationLabel } from '../../../../shared/support-clock';
import { api } from '../../../lib/api';
import { adminKeys } from '../api/queries';
import { EmptyState, Loading, QueryError } from '../common/query-state';

// Under the interventions key: taking a request in charge refreshes these figures with the list.
const responseTimesQuery = queryOptions({
  queryKey: [...adminKeys.interventions, 'response-times'] as const,
  queryFn: () => api<ResponseTimeStats>('/api/admin/interventions/response-times'),
});

const monthFmt = new Intl.DateTimeFormat('fr-FR', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const monthLabel = (month: string) => monthFmt.format(new Date(`${month}-01T00:00:00Z`));
const th = 'px-3 py-2 text-right font-semibold';
const td = 'whitespace-nowrap px-3 py-2 text-right tabular-nums';

/** Per month and plan: the share of requests answered by their due time, and the median first response. */
export function ResponseTimeTable() {
  const stats = useQuery(responseTimesQuery);
  return (
    <section aria-labelledby="response-time-title" className="min-w-0 rounded-xl border border-slate-200 bg-white shadow-sm">
      <h3 id="response-time-title" className="border-b border-slate-200 px-4 py-3 font-semibold text-slate-900">
        Délais de prise en charge
        <span className="block text-xs font-normal text-slate-600">
          Par mois de la demande. Le délai médian compte les heures d’ouverture de la formule.
        </span>
      </h3>
      {stats.isPending ? <Loading /> : stats.isError ? <QueryError error={stats.error} onRetry={() => void stats.refetch()} /> : stats.data.length === 0 ? (
        <div className="p-4"><EmptyState>Aucune demande mesurée pour le moment</EmptyState></div>
      ) : (
        <div className="overflow-x-auto" tabIndex={0} role="region" aria-labelledby="response-time-title">
          <table className="w-full min-w-[520px] text-sm">
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                <th scope="col" className="px-3 py-2 text-left font-semibold">Mois</th>
                <th scope="col" className="px-3 py-2 text-left font-semibold">Formule</th>
                <th scope="col" className={th}>Demandes</th>
                <th scope="col" className={th}>Dans les délais</th>
                <th scope="col" className={th}>Délai médian</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {stats.data.map((r) => {
                const share = Math.round((100 * r.withinPromise) / r.measured);
                return (
                  <tr key={`${r.month}:${r.plan}`}>
                    <td className="whitespace-nowrap px-3 py-2 capitalize">{monthLabel(r.month)}</td>
                    <th scope="row" className="px-3 py-2 text-left font-medium text-slate-900">{findPlan(r.plan)?.name ?? r.plan}</th>
                    <td className={td}>{r.measured}</td>
                    <td className={`${td} ${share < 90 ? 'font-semibold text-red-700' : 'text-emerald-800'}`}>
                      {share} % <span className="font-normal text-slate-600">({r.withinPromise})</span>
                    </td>
                    <td className={td}>{r.medianMinutes === null ? '—' : durationLabel(r.medianMinutes * 60_000)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
