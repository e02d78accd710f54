import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { MAIL_STATUS_LABELS, type MailStatus } from '../../../../shared/labels';
import { outboxListQueryOptions } from '../api/queries';
import { FilterSelect } from '../common/filter-select';
import { CardList, PagedList } from '../common/paged-list';
import { TabHeading } from '../common/query-state';
import { SearchBox } from '../common/search-box';
import { useDebouncedValue } from '../common/use-debounced-value';
import { OutboxMessage } from './outbox-message';

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
        Les e-mails partent en arrière-plan : si le serveur d’e-mail ne répond pas, ils sont réessayés pendant environ
        4 heures, puis marqués «&nbsp;Échec&nbsp;». Les mots de passe et liens personnels n’apparaissent jamais ici.
      </p>
      <OutboxList key={`${status}|${q}`} status={status || undefined} q={q} />
    </section>
  );
}

function OutboxList({ status, q }: { status?: MailStatus; q: string }) {
  const [offset, setOffset] = useState(0);
  const messages = useQuery(outboxListQueryOptions({ status, q, limit: PAGE_SIZE, offset }));
  return (
    <PagedList query={messages} offset={offset} limit={PAGE_SIZE} onOffsetChange={setOffset} noun={['courriel']}
      empty="Aucun courriel" pagesLabel="Pages des courriels">
      {(items) => <CardList label="Courriels" items={items}>{(m) => <OutboxMessage message={m} />}</CardList>}
    </PagedList>
  );
}
