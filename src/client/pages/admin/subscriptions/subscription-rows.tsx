import type { SubscriptionDto } from '#shared/subscriptions/subscription-api.ts';
import { formatDate } from '#shared/format.ts';
import { findPlan } from '#shared/plans.ts';
import { cn } from '#client/components/ui/cn.ts';
import { SubscriptionStateBadge } from '#client/pages/admin/common/status-badges.tsx';

// One grid for the header row and the rows: columns line up on a wide screen, rows become cards on a phone.
const row =
  'grid grid-cols-2 gap-x-4 gap-y-1 px-4 py-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_8rem_8rem_8.5rem] sm:items-center';

export function SubscriptionRows({ items }: { items: SubscriptionDto[] }) {
  return (
    <div className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      <div aria-hidden="true" className={cn(row, 'hidden bg-slate-50 text-sm font-semibold text-slate-700 sm:grid')}>
        <span>Client</span>
        <span>Plan</span>
        <span>Début</span>
        <span>Fin</span>
        <span>Statut</span>
      </div>
      <ul className="divide-y divide-slate-100" aria-label="Abonnements">
        {items.map((s) => (
          <li key={s.orderId} className={row}>
            <span className="col-span-2 min-w-0 sm:col-span-1">
              <span className="block truncate font-semibold text-slate-900">{s.clientName}</span>
              <span className="block truncate text-sm text-slate-600">{s.clientEmail}</span>
            </span>
            <span className="text-sm">
              <span className="text-slate-600 sm:sr-only">Plan : </span>
              {findPlan(s.plan)?.name ?? s.plan}
            </span>
            <span className="text-right sm:order-last sm:text-left">
              <SubscriptionStateBadge state={s.state} />
            </span>
            <span className="text-sm">
              <span className="text-slate-600 sm:sr-only">Début : </span>
              {formatDate(s.startDate)}
            </span>
            <span className="text-sm">
              <span className="text-slate-600 sm:sr-only">Fin : </span>
              {formatDate(s.endDate)}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
