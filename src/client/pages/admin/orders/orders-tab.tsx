import { useState } from 'react';
import { PAYMENT_STATUS_LABELS, PAYMENT_STATUSES, type PaymentStatus } from '#shared/billing/payment-labels.ts';
import { InlineFilterSelect } from '#client/pages/admin/common/filter-select.tsx';
import { SearchBox } from '#client/pages/admin/common/search-box.tsx';
import { TabHeading } from '#client/pages/admin/common/query-state.tsx';
import { useDebouncedValue } from '#client/pages/admin/common/use-debounced-value.ts';
import { OrderFormDialog } from './order-form-dialog.tsx';
import { OrderList } from './order-list.tsx';

// « En attente »: the orders whose payment staff follow up.
const paymentOptions = PAYMENT_STATUSES.map((s) => ({ value: s, label: PAYMENT_STATUS_LABELS[s] }));

export function OrdersTab() {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<PaymentStatus | ''>('');
  const q = useDebouncedValue(search.trim());
  return (
    <section aria-labelledby="orders-title">
      {/* The search beside the title: the list starts high on a laptop's screen (docs/decisions/039). */}
      <TabHeading id="orders-title" title="Commandes">
        <SearchBox
          label="Rechercher une commande"
          placeholder="Nom, e-mail, n° ou clé"
          value={search}
          onChange={setSearch}
          resettable
        />
        <OrderFormDialog />
      </TabHeading>
      {/* keyed by the search so that a new one starts on page 1 (the filter, which must keep its focus, does too) */}
      <OrderList
        key={q}
        q={q}
        status={status || undefined}
        tools={
          <InlineFilterSelect
            label="Paiement"
            value={status}
            onChange={setStatus}
            options={paymentOptions}
            all="Tous"
          />
        }
      />
    </section>
  );
}
