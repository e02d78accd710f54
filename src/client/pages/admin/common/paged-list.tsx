import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Pagination } from './pagination.tsx';
import { EmptyState, Loading, QueryError, plural } from './query-state.tsx';

type Page<T> = { items: T[]; total: number };

type PagedListProps<T> = {
  query: UseQueryResult<Page<T>>;
  offset: number;
  limit: number;
  onOffsetChange(offset: number): void;
  /** the count line: « 1 commande », « 3 commandes » */
  noun: readonly [singular: string, plural?: string];
  /** what an empty page says */
  empty: ReactNode;
  /** the accessible name of the page buttons */
  pagesLabel: string;
  /** a filter at the end of the count line, where it costs the list no height */
  tools?: ReactNode;
  children(items: T[]): ReactNode;
};

/**
 * One page of an admin list: a spinner, then the error with a retry, or the count, the items (or the empty state)
 * and the page buttons. The previous page stays visible, faded, while the next one loads.
 */
export function PagedList<T>({
  query,
  offset,
  limit,
  onOffsetChange,
  noun,
  empty,
  pagesLabel,
  tools,
  children,
}: PagedListProps<T>) {
  if (query.isPending) return <Loading />;
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  const { items, total } = query.data;
  return (
    <div className={query.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-700" aria-live="polite">
          {plural(total, noun[0], noun[1])}
        </p>
        {tools}
      </div>
      {items.length === 0 ? <EmptyState>{empty}</EmptyState> : children(items)}
      <Pagination label={pagesLabel} offset={offset} limit={limit} total={total} onChange={onOffsetChange} />
    </div>
  );
}

/** The items of a page as a named list of cards. */
export function CardList<T extends { id: number }>({
  label,
  items,
  children,
}: {
  label: string;
  items: T[];
  children(item: T): ReactNode;
}) {
  return (
    <ul className="space-y-3" aria-label={label}>
      {items.map((item) => (
        <li key={item.id}>{children(item)}</li>
      ))}
    </ul>
  );
}
