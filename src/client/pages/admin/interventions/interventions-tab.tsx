import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { INTERVENTION_STATUS_LABELS, INTERVENTION_STATUSES, type InterventionStatus } from '../../../../shared/labels';
import { SelectField } from '../../../components/ui/field';
import { interventionListQuery } from '../api/queries';
import { Pagination } from '../common/pagination';
import { EmptyState, Loading, QueryError, TabHeading, plural } from '../common/query-state';
import { InterventionCard } from './intervention-card';

const PAGE_SIZE = 25;
const statusOptions = INTERVENTION_STATUSES.map((s) => ({ value: s, label: INTERVENTION_STATUS_LABELS[s] }));

export function InterventionsTab() {
  const [status, setStatus] = useState<InterventionStatus | ''>('');
  return (
    <section aria-labelledby="interventions-title">
      <TabHeading id="interventions-title" title="Interventions">
        <SelectField label="Statut" value={status} onChange={(e) => setStatus(e.target.value as InterventionStatus | '')}
          options={statusOptions} placeholder="Tous" className="w-full sm:w-48 [&_select]:h-9 [&_select]:py-1 [&_select]:text-sm" />
      </TabHeading>
      <InterventionList key={status} status={status || undefined} />
    </section>
  );
}

function InterventionList({ status }: { status?: InterventionStatus }) {
  const [offset, setOffset] = useState(0);
  const interventions = useQuery(interventionListQuery({ status, limit: PAGE_SIZE, offset }));
  if (interventions.isPending) return <Loading />;
  if (interventions.isError) return <QueryError error={interventions.error} onRetry={() => void interventions.refetch()} />;
  const { items, total } = interventions.data;
  return (
    <div className={interventions.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
      <p className="mb-3 text-sm text-slate-700" aria-live="polite">{plural(total, 'intervention')}</p>
      {items.length === 0 ? <EmptyState>Aucune intervention</EmptyState> : (
        <ul className="space-y-3" aria-label="Interventions">
          {items.map((i) => <li key={i.id}><InterventionCard intervention={i} /></li>)}
        </ul>
      )}
      <Pagination label="Pages des interventions" offset={offset} limit={PAGE_SIZE} total={total} onChange={setOffset} />
    </div>
  );
}
