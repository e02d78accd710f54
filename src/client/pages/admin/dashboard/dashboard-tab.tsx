import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from '#client/components/ui/button.tsx';
import { TextField } from '#client/components/ui/field.tsx';
import { statsQueryOptions, type StatsRange } from '#client/pages/admin/api/queries.ts';
import { Loading, QueryError, TabHeading } from '#client/pages/admin/common/query-state.tsx';
import { StatCards } from './stat-cards.tsx';
import { PlanTable } from './plan-table.tsx';
import { RevenueChart } from './revenue-chart.tsx';
import { ResponseTimeTable } from './response-time-table.tsx';
import { RatingTable } from './rating-table.tsx';
import { DAYS_OUT_OF_ORDER, daysInOrderOf } from '#shared/common/fields.ts';

export function DashboardTab() {
  const [range, setRange] = useState<StatsRange>({});
  // An end before the start would return nothing (the server refuses it): not asked until the range makes sense.
  const invalid = !daysInOrderOf(range);
  const stats = useQuery({ ...statsQueryOptions(range), enabled: !invalid });

  return (
    <section aria-labelledby="dashboard-title">
      <TabHeading id="dashboard-title" title="Tableau de bord">
        <div className="grid w-full grid-cols-2 gap-2 sm:flex sm:w-auto sm:items-end">
          <TextField
            label="Date de début"
            type="date"
            value={range.from ?? ''}
            max={range.to}
            onChange={(e) => setRange((r) => ({ ...r, from: e.target.value || undefined }))}
            className="sm:w-44"
          />
          <TextField
            label="Date de fin"
            type="date"
            value={range.to ?? ''}
            min={range.from}
            onChange={(e) => setRange((r) => ({ ...r, to: e.target.value || undefined }))}
            className="sm:w-44"
          />
          <Button
            variant="secondary"
            className="col-span-2 sm:col-span-1"
            onClick={() => setRange({})}
            disabled={!range.from && !range.to}
          >
            Réinitialiser
          </Button>
        </div>
      </TabHeading>
      {invalid ? (
        <p role="alert" className="rounded-lg bg-amber-50 px-3 py-2 text-amber-900">
          {DAYS_OUT_OF_ORDER}
        </p>
      ) : stats.isPending ? (
        <Loading />
      ) : stats.isError ? (
        <QueryError error={stats.error} onRetry={() => void stats.refetch()} />
      ) : (
        <div className={stats.isPlaceholderData ? 'space-y-6 opacity-60 transition-opacity' : 'space-y-6'}>
          <StatCards stats={stats.data} />
          {/* The table's six columns need about 520 px: it takes the larger share beside the chart. */}
          <div className="grid grid-cols-[minmax(0,1fr)] gap-6 xl:grid-cols-[minmax(0,6fr)_minmax(0,5fr)]">
            <PlanTable rows={stats.data.byPlan} />
            <RevenueChart months={stats.data.byMonth} />
          </div>
          <ResponseTimeTable />
          <RatingTable />
        </div>
      )}
    </section>
  );
}
