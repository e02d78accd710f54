import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { orderListQueryOptions } from '#client/pages/admin/api/queries.ts';
import { CardList, PagedList } from '#client/pages/admin/common/paged-list.tsx';
import { OrderCard } from './order-card.tsx';

const PAGE_SIZE = 25;

/** Newest first, one page at a time; also used in a customer's detail pane (filtered by e-mail). */
export function OrderList({ q, email, pageSize = PAGE_SIZE }: { q?: string; email?: string; pageSize?: number }) {
  const [offset, setOffset] = useState(0);
  const orders = useQuery(orderListQueryOptions({ q, email, limit: pageSize, offset }));
  // The last page emptied (a change elsewhere): step back rather than show nothing.
  const emptied = !orders.isPlaceholderData && orders.data?.items.length === 0 && offset > 0;
  useEffect(() => {
    if (emptied) setOffset((o) => Math.max(0, o - pageSize));
  }, [emptied, pageSize]);

  return (
    <PagedList
      query={orders}
      offset={offset}
      limit={pageSize}
      onOffsetChange={setOffset}
      noun={['commande']}
      empty="Aucune commande trouvée"
      pagesLabel="Pages des commandes"
    >
      {(items) => (
        <CardList label="Historique des commandes" items={items}>
          {(order) => <OrderCard order={order} />}
        </CardList>
      )}
    </PagedList>
  );
}
