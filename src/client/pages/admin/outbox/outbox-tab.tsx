import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { MAIL_STATUS_LABELS, type MailStatus } from '#shared/mail/mail-labels.ts';
import { outboxListQueryOptions } from '#client/pages/admin/api/queries.ts';
import { FilterSelect } from '#client/pages/admin/common/filter-select.tsx';
import { CardList, PagedList } from '#client/pages/admin/common/paged-list.tsx';
import { TabHeading } from '#client/pages/admin/common/query-state.tsx';
import { SearchBox } from '#client/pages/admin/common/search-box.tsx';
import { useDebouncedValue } from '#client/pages/admin/common/use-debounced-value.ts';
import { OutboxMessage } from './outbox-message.tsx';

const PAGE_SIZE = 25;
// « En attente » also lists the messages being handed over right now (the server groups them).
const FILTERS: MailStatus[] = ['queued', 'sent', 'failed', 'cancelled'];
const statusOptions = FILTERS.map((s) => ({ value: s, label: MAIL_STATUS_LABELS[s] }));

/** « Courriels »: every e-mail the site sent or will send, failures first to the eye, « Renvoyer » on a failed one. */
export function OutboxTab() {
  const [status, setStatus] = useState<MailStatus | ''>('');
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim());
  return (
    <section aria-labelledby="outbox-title">
      <TabHeading id="outbox-title" title="Courriels">
        <SearchBox label="Rechercher" placeholder="Destinataire ou objet" value={search} onChange={setSearch} />
        <FilterSelect label="Statut" value={status} onChange={setStatus} options={statusOptions} all="Tous" />
      </TabHeading>
      <p className="mb-4 text-sm text-slate-600">
        Les e-mails partent en arrière-plan : si le serveur d’e-mail ne répond pas, ils sont réessayés pendant environ 4
        heures, puis marqués «&nbsp;Échec&nbsp;». Les mots de passe et liens personnels n’apparaissent jamais ici.
      </p>
      <OutboxList key={`${status}|${q}`} status={status || undefined} q={q} />
    </section>
  );
}

function OutboxList({ status, q }: { status?: MailStatus; q: string }) {
  const [offset, setOffset] = useState(0);
  const messages = useQuery(outboxListQueryOptions({ status, q, limit: PAGE_SIZE, offset }));
  return (
    <PagedList
      query={messages}
      offset={offset}
      limit={PAGE_SIZE}
      onOffsetChange={setOffset}
      noun={['courriel']}
      empty="Aucun courriel"
      pagesLabel="Pages des courriels"
    >
      {(items) => (
        <CardList label="Courriels" items={items}>
          {(m) => <OutboxMessage message={m} />}
        </CardList>
      )}
    </PagedList>
  );
}
