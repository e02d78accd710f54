import { useEffect, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { PaymentStatus } from '#shared/billing/payment-labels.ts';
import { orderListQueryOptions } from '#client/pages/admin/api/queries.ts';
import { CardList, PagedList } from '#client/pages/admin/common/paged-list.tsx';
import { OrderCard } from './order-card.tsx';

const PAGE_SIZE = 25;

/** Newest first, one page at a time; also used in a customer's detail pane (filtered by e-mail). */
export function OrderList({
  q,
  email,
  status,
  pageSize = PAGE_SIZE,
  tools,
}: {
  q?: string;
  email?: string;
  status?: PaymentStatus;
  pageSize?: number;
  /** a filter on the list's count line */
  tools?: ReactNode;
}) {
  const [offset, setOffset] = useState(0);
  // Another payment status starts on page 1; the list is not remounted for it, so its filter keeps the focus.
  const [shownStatus, setShownStatus] = useState(status);
  if (shownStatus !== status) {
    setShownStatus(status);
    setOffset(0);
  }
  const orders = useQuery(orderListQueryOptions({ q, email, status, limit: pageSize, offset }));
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
      tools={tools}
    >
      {(items) => (
        <CardList label="Historique des commandes" items={items}>
          {(order) => <OrderCard order={order} />}
        </CardList>
      )}
    </PagedList>
  );
}
