import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { orderListQuery } from '../api/queries';
import { EmptyState, Loading, QueryError, plural } from '../common/query-state';
import { Pagination } from '../common/pagination';
import { OrderCard } from './order-card';

const PAGE_SIZE = 25;

/** Newest first, one page at a time; also used in a customer's detail pane (filtered by e-mail). */
export function OrderList({ q, email, pageSize = PAGE_SIZE }: { q?: string; email?: string; pageSize?: number }) {
  const [offset, setOffset] = useState(0);
  const orders = useQuery(orderListQuery({ q, email, limit: pageSize, offset }));
  // The last page emptied (a change elsewhere): step back rather than show nothing.
  const emptied = !orders.isPlaceholderData && orders.data?.items.length === 0 && offset > 0;
  useEffect(() => {
    if (emptied) setOffset((o) => Math.max(0, o - pageSize));
  }, [emptied, pageSize]);

  if (orders.isPending) return <Loading />;
  if (orders.isError) return <QueryError error={orders.error} onRetry={() => void orders.refetch()} />;
  const { items, total } = orders.data;
  return (
    <div className={orders.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
      <p className="mb-3 text-sm text-slate-700" aria-live="polite">{plural(total, 'commande')}</p>
      {items.length === 0 ? (
        <EmptyState>Aucune commande trouvée</EmptyState>
      ) : (
        <ul className="space-y-3" aria-label="Historique des commandes">
          {items.map((order) => <li key={order.id}><OrderCard order={order} /></li>)}
        </ul>
      )}
      <Pagination label="Pages des commandes" offset={offset} limit={pageSize} total={total} onChange={setOffset} />
    </div>
  );
}
