import type { CustomerDto } from '#shared/orders/customer-api.ts';
import { formatEuro } from '#shared/format.ts';
import { cn } from '#client/components/ui/cn.ts';
import { OpenRequestsBadge, RetentionSince } from './retention-erasure.tsx';

type CustomerListProps = { customers: CustomerDto[]; selectedEmail: string | null; onSelect(email: string): void };

/** Capped in height and scrolling on its own, so the detail pane stays in view beside it. */
export function CustomerList({ customers, selectedEmail, onSelect }: CustomerListProps) {
  return (
    <ul
      aria-label="Clients"
      className="max-h-[28rem] divide-y divide-slate-100 overflow-y-auto rounded-xl border border-slate-200 bg-white shadow-sm lg:max-h-[40rem]"
    >
      {customers.map((c) => {
        const selected = c.email.toLowerCase() === selectedEmail;
        return (
          <li key={c.email}>
            <button
              type="button"
              aria-pressed={selected}
              onClick={() => onSelect(c.email)}
              className={cn(
                'block w-full px-4 py-3 text-left hover:bg-slate-50',
                selected && 'bg-brand-50 ring-2 ring-inset ring-brand-600',
              )}
            >
              <span className="flex items-baseline justify-between gap-3">
                <span className="min-w-0 truncate font-semibold text-slate-900">{c.name}</span>
                <span className="shrink-0 font-semibold tabular-nums text-slate-900">
                  {formatEuro(c.revenue, { whole: true })}
                </span>
              </span>
              <span className="block truncate text-sm text-slate-600">{c.email}</span>
              <span className="mt-1 flex flex-wrap gap-x-3 text-xs text-slate-600">
                <span>
                  {c.orderCount} commande{c.orderCount > 1 ? 's' : ''}
                </span>
                <span>
                  {c.paidCount} payée{c.paidCount > 1 ? 's' : ''}
                </span>
                <span>
                  {c.giftedCount} offerte{c.giftedCount > 1 ? 's' : ''}
                </span>
              </span>
              {c.retention && (
                <span className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-800">
                  <RetentionSince retention={c.retention} />
                  <OpenRequestsBadge count={c.retention.openRequests} />
                </span>
              )}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
