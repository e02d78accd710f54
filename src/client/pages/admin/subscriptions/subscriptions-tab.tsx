import { ToggleGroup } from '#client/pages/admin/common/toggle-group.tsx';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { subscriptionListQueryOptions, type SubscriptionFilters } from '#client/pages/admin/api/queries.ts';
import { PagedList } from '#client/pages/admin/common/paged-list.tsx';
import { TabHeading } from '#client/pages/admin/common/query-state.tsx';
import { SubscriptionRows } from './subscription-rows.tsx';

const PAGE_SIZE = 50;
type Filter = '' | 'active' | 'expiring' | 'expired';
// « Actifs » are running today, « expire bientôt » included; « Expirés » ended with nothing booked after them.
const FILTERS: Array<{ value: Filter; label: string; query: SubscriptionQuery; nouns: [string, string] }> = [
  { value: '', label: 'Tous', query: {}, nouns: ['abonnement', 'abonnements'] },
  { value: 'active', label: 'Actifs', query: { active: 'true' }, nouns: ['abonnement actif', 'abonnements actifs'] },
  {
    value: 'expiring',
    label: 'Expire bientôt',
    query: { state: 'expiring' },
    nouns: ['abonnement expire bientôt', 'abonnements expirent bientôt'],
  },
  {
    value: 'expired',
    label: 'Expirés',
    query: { state: 'expired' },
    nouns: ['abonnement expiré', 'abonnements expirés'],
  },
];
type SubscriptionQuery = Pick<SubscriptionFilters, 'active' | 'state'>;

export function SubscriptionsTab() {
  const [filter, setFilter] = useState<Filter>('');
  return (
    <section aria-labelledby="subscriptions-title">
      <TabHeading id="subscriptions-title" title="Abonnements">
        <ToggleGroup label="Filtrer les abonnements" options={FILTERS} value={filter} onChange={setFilter} />
      </TabHeading>
      <SubscriptionList key={filter} filter={FILTERS.find((f) => f.value === filter)!} />
    </section>
  );
}

function SubscriptionList({ filter }: { filter: (typeof FILTERS)[number] }) {
  const [offset, setOffset] = useState(0);
  const subscriptions = useQuery(subscriptionListQueryOptions({ ...filter.query, limit: PAGE_SIZE, offset }));
  return (
    <PagedList
      query={subscriptions}
      offset={offset}
      limit={PAGE_SIZE}
      onOffsetChange={setOffset}
      noun={filter.nouns}
      empty="Aucun abonnement"
      pagesLabel="Pages des abonnements"
    >
      {(items) => <SubscriptionRows items={items} />}
    </PagedList>
  );
}
