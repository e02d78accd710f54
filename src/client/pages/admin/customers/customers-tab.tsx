import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { CustomerDto } from '#shared/orders/customer-api.ts';
import { customerListQueryOptions } from '#client/pages/admin/api/queries.ts';
import { PagedList } from '#client/pages/admin/common/paged-list.tsx';
import { TabHeading } from '#client/pages/admin/common/query-state.tsx';
import { SearchBox } from '#client/pages/admin/common/search-box.tsx';
import { useDebouncedValue } from '#client/pages/admin/common/use-debounced-value.ts';
import { CustomerList } from './customer-list.tsx';
import { CustomerDetail } from './customer-detail.tsx';

const PAGE_SIZE = 50;
const sameCustomer = (a: CustomerDto, email: string) => a.email.toLowerCase() === email.toLowerCase();

/** Customers are grouped by lower-case e-mail on the server; the e-mail is their identity here. */
export function CustomersTab() {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim());
  // The chosen customer stays open while staff search or page through the list.
  const [selected, setSelected] = useState<CustomerDto | null>(null);

  return (
    <section aria-labelledby="customers-title">
      <TabHeading id="customers-title" title="Utilisateurs" />
      <div className="mb-4">
        <SearchBox
          label="Rechercher un client"
          placeholder="Nom, e-mail ou nom d'utilisateur"
          value={search}
          onChange={setSearch}
          resettable
        />
      </div>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:items-start">
        <CustomerPage key={q} q={q} selected={selected} onSelect={setSelected} />
        {selected ? (
          <CustomerDetail customer={selected} />
        ) : (
          <p className="hidden rounded-xl border border-dashed border-slate-300 bg-white px-4 py-10 text-center text-slate-600 lg:block">
            Sélectionnez un client pour voir sa fiche et ses commandes.
          </p>
        )}
      </div>
    </section>
  );
}

type CustomerPageProps = { q: string; selected: CustomerDto | null; onSelect(customer: CustomerDto): void };

function CustomerPage({ q, selected, onSelect }: CustomerPageProps) {
  const [offset, setOffset] = useState(0);
  const customers = useQuery(customerListQueryOptions({ q, limit: PAGE_SIZE, offset }));
  // Fresh figures for the open customer after a refetch (a new order changes their revenue).
  const fresh = selected ? customers.data?.items.find((c) => sameCustomer(c, selected.email)) : undefined;
  useEffect(() => {
    if (fresh && fresh !== selected) onSelect(fresh);
  }, [fresh, selected, onSelect]);
  return (
    <PagedList
      query={customers}
      offset={offset}
      limit={PAGE_SIZE}
      onOffsetChange={setOffset}
      noun={['client']}
      empty="Aucun client trouvé"
      pagesLabel="Pages des clients"
    >
      {(items) => (
        <CustomerList
          customers={items}
          selectedEmail={selected?.email.toLowerCase() ?? null}
          onSelect={(email) => {
            const c = items.find((x) => sameCustomer(x, email));
            if (c) onSelect(c);
          }}
        />
      )}
    </PagedList>
  );
}
