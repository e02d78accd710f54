import type { DashboardStats } from '#shared/orders/stats-api.ts';
import { formatEuro } from '#shared/format.ts';
import { EmptyState } from '#client/pages/admin/common/query-state.tsx';

const monthFmt = new Intl.DateTimeFormat('fr-FR', { month: 'short', year: '2-digit', timeZone: 'UTC' });
const monthLongFmt = new Intl.DateTimeFormat('fr-FR', { month: 'long', year: 'numeric', timeZone: 'UTC' });

function monthDate(month: string): Date {
  return new Date(`${month.slice(0, 7)}-01T00:00:00Z`);
}

/** Revenue per month as labelled CSS bars: every value is written out, so it reads without seeing the bars. */
export function RevenueChart({ months }: { months: DashboardStats['byMonth'] }) {
  const shown = months.slice(-12);
  const max = Math.max(1, ...shown.map((m) => m.revenue));
  return (
    <section
      aria-labelledby="revenue-chart-title"
      className="min-w-0 rounded-xl border border-slate-200 bg-white shadow-sm"
    >
      <h3 id="revenue-chart-title" className="border-b border-slate-200 px-4 py-3 font-semibold text-slate-900">
        Chiffre d’affaires par mois{months.length > 12 ? ' (12 derniers mois)' : ''}
      </h3>
      {shown.length === 0 ? (
        <div className="p-4">
          <EmptyState>Aucune vente sur la période</EmptyState>
        </div>
      ) : (
        <ol
          className="flex h-64 items-end gap-2 overflow-x-auto px-4 pb-3 pt-6"
          tabIndex={0}
          aria-labelledby="revenue-chart-title"
        >
          {shown.map((m) => {
            const label = `${monthLongFmt.format(monthDate(m.month))} : ${formatEuro(m.revenue, { whole: true })}, ${m.orders} commande${m.orders > 1 ? 's' : ''}`;
            return (
              <li
                key={m.month}
                className="relative flex h-full min-w-10 flex-1 flex-col items-center justify-end gap-1"
                title={label}
              >
                <span className="sr-only">{label}</span>
                <span aria-hidden="true" className="text-xs font-semibold tabular-nums text-slate-800">
                  {formatEuro(m.revenue, { compact: true })}
                </span>
                <span aria-hidden="true" className="flex w-full flex-1 items-end justify-center">
                  <span
                    className="w-full max-w-12 rounded-t-md bg-brand-600"
                    style={{ height: `${Math.max(1, (m.revenue / max) * 100)}%` }}
                  />
                </span>
                <span aria-hidden="true" className="whitespace-nowrap text-xs text-slate-600">
                  {monthFmt.format(monthDate(m.month))}
                </span>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
