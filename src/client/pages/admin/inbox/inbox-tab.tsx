import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { INBOX_STATUS_LABELS, INBOX_STATUSES, type InboxKind, type InboxStatus } from '#shared/inbox/inbox-labels.ts';
import { inboxListQueryOptions } from '#client/pages/admin/api/queries.ts';
import { FilterSelect } from '#client/pages/admin/common/filter-select.tsx';
import { CardList, PagedList } from '#client/pages/admin/common/paged-list.tsx';
import { TabHeading } from '#client/pages/admin/common/query-state.tsx';
import { InboxItemCard } from './inbox-item-card.tsx';

const PAGE_SIZE = 25;
const statusOptions = INBOX_STATUSES.map((s) => ({ value: s, label: INBOX_STATUS_LABELS[s] }));
const kindOptions: Array<{ value: InboxKind; label: string }> = [
  { value: 'registration', label: 'Inscriptions' },
  { value: 'contact', label: 'Messages de contact' },
  { value: 'erasure', label: 'Effacements' },
];

export function InboxTab() {
  const [status, setStatus] = useState<InboxStatus | ''>('');
  const [kind, setKind] = useState<InboxKind | ''>('');
  return (
    <section aria-labelledby="requests-title">
      <TabHeading id="requests-title" title="Demandes d'inscription">
        <div className="grid w-full grid-cols-2 gap-2 sm:flex sm:w-auto">
          <FilterSelect
            label="Statut"
            value={status}
            onChange={setStatus}
            options={statusOptions}
            all="Tous"
            className="sm:w-44"
          />
          <FilterSelect
            label="Type"
            value={kind}
            onChange={setKind}
            options={kindOptions}
            all="Tous"
            className="sm:w-52"
          />
        </div>
      </TabHeading>
      {/* keyed by the filters so a new filter starts on page 1 */}
      <InboxList key={`${status}/${kind}`} status={status || undefined} kind={kind || undefined} />
    </section>
  );
}

function InboxList({ status, kind }: { status?: InboxStatus; kind?: InboxKind }) {
  const [offset, setOffset] = useState(0);
  const requests = useQuery(inboxListQueryOptions({ status, kind, limit: PAGE_SIZE, offset }));
  return (
    <PagedList
      query={requests}
      offset={offset}
      limit={PAGE_SIZE}
      onOffsetChange={setOffset}
      noun={['demande']}
      empty="Aucune demande d'inscription"
      pagesLabel="Pages des demandes"
    >
      {(items) => (
        <CardList label="Demandes" items={items}>
          {(r) => <InboxItemCard request={r} />}
        </CardList>
      )}
    </PagedList>
  );
}
