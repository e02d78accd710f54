import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Clock } from 'lucide-react';
import { formatDate } from '#shared/format.ts';
import { Card } from '#client/components/ui/card.tsx';
import { LoadError } from '#client/components/ui/load-error.tsx';
import { InterventionStatusBadge } from '#client/components/ui/status-badges.tsx';
import { ResponseClock } from '#client/components/ui/response-clock.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { PAGE_SIZE, userInterventionsQueryOptions } from '#client/pages/client/api/queries.ts';
import { ShowMore } from '#client/pages/client/common/show-more.tsx';
import { InterventionFollowUp } from '#client/pages/client/common/intervention-follow-up.tsx';
import { HandledBy, OpenedBy } from '#client/pages/client/common/handled-by.tsx';

/**
 * docs/specification.md §2 « Intervention history »: title, date, duration when staff recorded one, status; newest
 * first.
 */
export function InterventionHistory() {
  const [limit, setLimit] = useState(PAGE_SIZE);
  const list = useQuery(userInterventionsQueryOptions(limit));
  return (
    <section aria-labelledby="historique-titre">
      <h2 id="historique-titre" className="text-xl font-semibold text-slate-900">
        Historique des interventions
        {list.data && list.data.total > 0 && (
          <span className="ml-2 text-base font-normal text-slate-600">({list.data.total})</span>
        )}
      </h2>
      <div className="mt-3">
        {list.isPending ? (
          <div className="flex justify-center py-8">
            <Spinner />
          </div>
        ) : list.isError ? (
          <LoadError error={list.error} onRetry={() => void list.refetch()} />
        ) : list.data.items.length === 0 ? (
          <Card className="text-center text-slate-700">Aucune intervention pour le moment</Card>
        ) : (
          <>
            <ul className="space-y-3">
              {list.data.items.map((item) => (
                <li key={item.id}>
                  <Card>
                    <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
                      <div className="min-w-0">
                        <h3 className="font-semibold text-slate-900">{item.title}</h3>
                        <p className="mt-0.5 text-sm text-slate-600">
                          Le {formatDate(item.createdAt)}
                          {item.duration !== null && (
                            <span className="ml-3 inline-flex items-center gap-1 whitespace-nowrap">
                              <Clock aria-hidden="true" className="h-3.5 w-3.5" /> Durée : {item.duration} min
                            </span>
                          )}
                        </p>
                        <ResponseClock request={item} audience="client" className="mt-2" />
                        <OpenedBy name={item.openedBy} className="mt-1" />
                        <HandledBy name={item.handledBy} className="mt-1" />
                      </div>
                      <div className="shrink-0">
                        <InterventionStatusBadge status={item.status} />
                      </div>
                    </div>
                    <InterventionFollowUp item={item} />
                  </Card>
                </li>
              ))}
            </ul>
            <ShowMore
              shown={list.data.items.length}
              total={list.data.total}
              loading={list.isFetching}
              onMore={() => setLimit((l) => l + PAGE_SIZE)}
            />
          </>
        )}
      </div>
    </section>
  );
}
