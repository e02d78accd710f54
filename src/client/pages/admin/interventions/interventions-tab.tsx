import { ToggleGroup } from '#client/pages/admin/common/toggle-group.tsx';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { InterventionAssigneeFilter, InterventionRatingFilter } from '#shared/interventions/intervention-api.ts';
import {
  INTERVENTION_STATUS_LABELS,
  INTERVENTION_STATUSES,
  type InterventionStatus,
} from '#shared/interventions/intervention-labels.ts';
import { interventionListQueryOptions, type InterventionFilters } from '#client/pages/admin/api/queries.ts';
import { FilterSelect } from '#client/pages/admin/common/filter-select.tsx';
import { CardList, PagedList } from '#client/pages/admin/common/paged-list.tsx';
import { TabHeading } from '#client/pages/admin/common/query-state.tsx';
import { InterventionCard } from './intervention-card.tsx';
import { RemoteToolsSettings } from './remote-tools-settings.tsx';

const PAGE_SIZE = 25;
const statusOptions = INTERVENTION_STATUSES.map((s) => ({ value: s, label: INTERVENTION_STATUS_LABELS[s] }));
type Sort = NonNullable<InterventionFilters['sort']>;
// « À traiter en premier »: the requests still waiting for a first response, the nearest due time on top.
const sortOptions: { value: Sort; label: string }[] = [
  { value: 'recent', label: 'Plus récentes' },
  { value: 'due', label: 'À traiter en premier' },
];
// « 1 ou 2 étoiles »: the unhappy clients a manager calls back.
const ratingOptions: { value: InterventionRatingFilter; label: string }[] = [
  { value: 'rated', label: 'Avec un avis' },
  { value: 'low', label: '1 ou 2 étoiles' },
];
// A technician's day starts on « Mes demandes », then « Non attribuées »: the requests nobody took yet.
const assigneeOptions: { value: InterventionAssigneeFilter | ''; label: string }[] = [
  { value: 'me', label: 'Mes demandes' },
  { value: 'unassigned', label: 'Non attribuées' },
  { value: '', label: 'Toutes' },
];

export function InterventionsTab() {
  const [status, setStatus] = useState<InterventionStatus | ''>('');
  const [sort, setSort] = useState<Sort>('due');
  const [assignee, setAssignee] = useState<InterventionAssigneeFilter | ''>('');
  const [rating, setRating] = useState<InterventionRatingFilter | ''>('');
  return (
    <section aria-labelledby="interventions-title">
      <TabHeading id="interventions-title" title="Interventions">
        <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
          <FilterSelect label="Statut" value={status} onChange={setStatus} options={statusOptions} all="Tous" />
          <FilterSelect label="Avis du client" value={rating} onChange={setRating} options={ratingOptions} all="Tous" />
          <FilterSelect label="Trier par" value={sort} onChange={setSort} options={sortOptions} />
        </div>
      </TabHeading>
      <ToggleGroup
        label="Demandes affichées"
        options={assigneeOptions}
        value={assignee}
        onChange={setAssignee}
        className="mb-4"
      />
      <RemoteToolsSettings />
      <InterventionList
        key={`${status}:${rating}:${sort}:${assignee}`}
        status={status || undefined}
        rating={rating || undefined}
        sort={sort}
        assignee={assignee || undefined}
      />
    </section>
  );
}

type ListProps = {
  status?: InterventionStatus;
  rating?: InterventionRatingFilter;
  sort: Sort;
  assignee?: InterventionAssigneeFilter;
};

function InterventionList({ status, rating, sort, assignee }: ListProps) {
  const [offset, setOffset] = useState(0);
  const interventions = useQuery(
    interventionListQueryOptions({
      status,
      rating,
      assignee,
      sort: sort === 'recent' ? undefined : sort,
      limit: PAGE_SIZE,
      offset,
    }),
  );
  return (
    <PagedList
      query={interventions}
      offset={offset}
      limit={PAGE_SIZE}
      onOffsetChange={setOffset}
      noun={['intervention']}
      empty="Aucune intervention"
      pagesLabel="Pages des interventions"
    >
      {(items) => (
        <CardList label="Interventions" items={items}>
          {(i) => <InterventionCard intervention={i} />}
        </CardList>
      )}
    </PagedList>
  );
}
