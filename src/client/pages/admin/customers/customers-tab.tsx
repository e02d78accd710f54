import { ToggleGroup } from '#client/pages/admin/common/toggle-group.tsx';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from '#client/lib/router.ts';
import { useQuery } from '@tanstack/react-query';
import type { CustomerDto } from '#shared/orders/customer-api.ts';
import { customerListQueryOptions } from '#client/pages/admin/api/queries.ts';
import { PagedList } from '#client/pages/admin/common/paged-list.tsx';
import { TabHeading } from '#client/pages/admin/common/query-state.tsx';
import { SearchBox } from '#client/pages/admin/common/search-box.tsx';
import { useDebouncedValue } from '#client/pages/admin/common/use-debounced-value.ts';
import { CustomerList } from './customer-list.tsx';
import { CustomerDetail } from './customer-detail.tsx';
import { RETENTION_FILTER_LABEL } from './retention-erasure.tsx';

const PAGE_SIZE = 50;
const CLIENT_PARAM = 'client';
/** ?retention=expired: the accounts past their retention period, as the API names the filter */
const RETENTION_PARAM = 'retention';
const VIEWS = [
  { value: false, label: 'Tous' },
  { value: true, label: RETENTION_FILTER_LABEL },
];
const sameCustomer = (a: CustomerDto, email: string) => a.email.toLowerCase() === email.toLowerCase();

/** Customers are grouped by lower-case e-mail on the server; the e-mail is their identity here. */
export function CustomersTab() {
  // The open customer is in the address (?client=<e-mail>): Back closes it, a reload or a link opens it again (the
  // search starts on their e-mail, so the list holds them).
  const [params, setParams] = useSearchParams();
  const opened = params.get(CLIENT_PARAM);
  const expired = params.get(RETENTION_PARAM) === 'expired';
  const [search, setSearch] = useState(opened ?? '');
  const q = useDebouncedValue(search.trim());
  // The chosen customer stays open while staff search or page through the list.
  const [chosen, setChosen] = useState<CustomerDto | null>(null);
  const selected = opened && chosen && sameCustomer(chosen, opened) ? chosen : null;
  const choose = useCallback(
    (customer: CustomerDto) => {
      setChosen(customer);
      if (opened && sameCustomer(customer, opened)) return;
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        next.set(CLIENT_PARAM, customer.email.toLowerCase());
        return next;
      });
    },
    [opened, setParams],
  );
  // Another view, or an account just anonymised: the pane closes (Back reopens the view before).
  const show = (view: { expired?: boolean; close?: boolean }) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      next.delete(CLIENT_PARAM);
      if (view.expired === true) next.set(RETENTION_PARAM, 'expired');
      if (view.expired === false) next.delete(RETENTION_PARAM);
      return next;
    });

  return (
    <section aria-labelledby="customers-title">
      <TabHeading id="customers-title" title="Utilisateurs">
        <ToggleGroup
          label="Clients affichés"
          options={VIEWS}
          value={expired}
          onChange={(next) => show({ expired: next })}
        />
      </TabHeading>
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
        <CustomerPage
          key={`${expired}:${q}`}
          q={q}
          expired={expired}
          opened={opened}
          selected={selected}
          onSelect={choose}
          onFound={setChosen}
        />
        {selected ? (
          <CustomerDetail customer={selected} onErased={() => show({ close: true })} />
        ) : (
          <p className="hidden rounded-xl border border-dashed border-slate-300 bg-white px-4 py-10 text-center text-slate-600 lg:block">
            Sélectionnez un client pour voir sa fiche et ses commandes.
          </p>
        )}
      </div>
    </section>
  );
}

type CustomerPageProps = {
  q: string;
  /** the accounts past their retention period only */
  expired: boolean;
  /** the e-mail in the address */
  opened: string | null;
  selected: CustomerDto | null;
  onSelect(customer: CustomerDto): void;
  onFound(customer: CustomerDto): void;
};

function CustomerPage({ q, expired, opened, selected, onSelect, onFound }: CustomerPageProps) {
  const [offset, setOffset] = useState(0);
  const filter = { q, limit: PAGE_SIZE, offset, ...(expired && { retention: 'expired' as const }) };
  const customers = useQuery(customerListQueryOptions(filter));
  // The customer the address names, with fresh figures after a refetch (a new order changes their revenue).
  const fresh = opened ? customers.data?.items.find((c) => sameCustomer(c, opened)) : undefined;
  useEffect(() => {
    if (fresh && fresh !== selected) onFound(fresh);
  }, [fresh, selected, onFound]);
  return (
    <PagedList
      query={customers}
      offset={offset}
      limit={PAGE_SIZE}
      onOffsetChange={setOffset}
      noun={expired ? ['compte à anonymiser', 'comptes à anonymiser'] : ['client']}
      empty={
        expired
          ? q
            ? 'Aucun compte à anonymiser ne correspond à cette recherche.'
            : 'Aucun compte n’a dépassé sa durée de conservation : rien à anonymiser.'
          : 'Aucun client trouvé'
      }
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
