import type { PlanStats } from '#shared/orders/stats-api.ts';
import { formatCredits, formatEuro } from '#shared/format.ts';
import { findPlan } from '#shared/plans.ts';

const th = 'px-3 py-2 text-right font-semibold';
const td = 'whitespace-nowrap px-3 py-2 text-right tabular-nums';

export function PlanTable({ rows }: { rows: PlanStats[] }) {
  return (
    <section
      aria-labelledby="plan-table-title"
      className="min-w-0 rounded-xl border border-slate-200 bg-white shadow-sm"
    >
      <h3 id="plan-table-title" className="border-b border-slate-200 px-4 py-3 font-semibold text-slate-900">
        Répartition par plan
      </h3>
      {/* Six short columns: on a phone the table scrolls sideways inside its card rather than squeezing. */}
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-labelledby="plan-table-title">
        <table className="w-full min-w-[520px] text-sm">
          <thead className="bg-slate-50 text-slate-700">
            <tr>
              <th scope="col" className="px-3 py-2 text-left font-semibold">
                Plan
              </th>
              <th scope="col" className={th}>
                Commandes
              </th>
              <th scope="col" className={th}>
                Payées
              </th>
              <th scope="col" className={th}>
                Offertes
              </th>
              <th scope="col" className={th}>
                CA
              </th>
              <th scope="col" className={th}>
                Coût crédits
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((r) => (
              <tr key={r.plan}>
                <th scope="row" className="px-3 py-2 text-left font-medium text-slate-900">
                  {findPlan(r.plan)?.name ?? r.plan}
                </th>
                <td className={td}>{r.orders}</td>
                <td className={td}>{r.paid}</td>
                <td className={td}>{r.gifted}</td>
                <td className={td}>{formatEuro(r.revenue, { whole: true })}</td>
                <td className={td}>{formatCredits(r.creditCost)}</td>
              </tr>
            ))}
            {rows.length === 0 && (
              <tr>
                <td colSpan={6} className="px-3 py-6 text-center text-slate-600">
                  Aucune commande sur la période
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}
