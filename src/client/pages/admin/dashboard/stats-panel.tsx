import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { EmptyState, Loading, QueryError } from '#client/pages/admin/common/query-state.tsx';

const monthFmt = new Intl.DateTimeFormat('fr-FR', { month: 'long', year: 'numeric', timeZone: 'UTC' });
/** « novembre 2026 » for '2026-11' */
export const monthLabel = (month: string) => monthFmt.format(new Date(`${month}-01T00:00:00Z`));
/** a figure in a stats table: right-aligned digits of one width */
export const figureCell = 'whitespace-nowrap px-3 py-2 text-right tabular-nums';

type StatsPanelProps<T> = {
  id: string;
  title: string;
  subtitle: ReactNode;
  query: UseQueryResult<T[]>;
  /** what the panel says before there is any row */
  empty: string;
  /** the table's min-width class: below it the table scrolls sideways in its own region */
  minWidth: string;
  /** the column titles; the first `textColumns` are text, left-aligned, the others figures */
  columns: readonly string[];
  textColumns: number;
  /** one table row per item */
  children(rows: T[]): ReactNode;
};

/** A titled panel of the dashboard holding one table of monthly figures, with its loading, error and empty states. */
export function StatsPanel<T>({
  id,
  title,
  subtitle,
  query,
  empty,
  minWidth,
  columns,
  textColumns,
  children,
}: StatsPanelProps<T>) {
  return (
    <section aria-labelledby={id} className="min-w-0 rounded-xl border border-slate-200 bg-white shadow-sm">
      <h3 id={id} className="border-b border-slate-200 px-4 py-3 font-semibold text-slate-900">
        {title}
        <span className="block text-xs font-normal text-slate-600">{subtitle}</span>
      </h3>
      {query.isPending ? (
        <Loading />
      ) : query.isError ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.length === 0 ? (
        <div className="p-4">
          <EmptyState>{empty}</EmptyState>
        </div>
      ) : (
        <div className="overflow-x-auto" tabIndex={0} role="region" aria-labelledby={id}>
          <table className={`w-full ${minWidth} text-sm`}>
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                {columns.map((label, i) => (
                  <th
                    key={label}
                    scope="col"
                    className={`px-3 py-2 font-semibold ${i < textColumns ? 'text-left' : 'text-right'}`}
                  >
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">{children(query.data)}</tbody>
          </table>
        </div>
      )}
    </section>
  );
}
