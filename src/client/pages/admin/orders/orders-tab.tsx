import { useState } from 'react';
import { SearchBox } from '#client/pages/admin/common/search-box.tsx';
import { TabHeading } from '#client/pages/admin/common/query-state.tsx';
import { useDebouncedValue } from '#client/pages/admin/common/use-debounced-value.ts';
import { OrderFormDialog } from './order-form-dialog.tsx';
import { OrderList } from './order-list.tsx';

export function OrdersTab() {
  const [search, setSearch] = useState('');
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
      {/* keyed by the search so a new search starts on page 1 */}
      <OrderList key={q} q={q} />
    </section>
  );
}
