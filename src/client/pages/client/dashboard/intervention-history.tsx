import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ChevronRight, Clock } from 'lucide-react';
import { requestPage } from '#shared/clients/client-pages.ts';
import { Link } from '#client/lib/router.ts';
import { formatDate } from '#shared/format.ts';
import { Card } from '#client/components/ui/card.tsx';
import { LoadError } from '#client/components/ui/load-error.tsx';
import { InterventionStatusBadge, UnreadReplyBadge } from '#client/components/ui/status-badges.tsx';
import { ResponseClock } from '#client/components/ui/response-clock.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { PAGE_SIZE, userInterventionsQueryOptions } from '#client/pages/client/api/queries.ts';
import { ShowMore } from '#client/pages/client/common/show-more.tsx';
import { HandledBy, OpenedBy } from '#client/pages/client/common/handled-by.tsx';

/**
 * docs/specification.md §2 « Intervention history »: title, date, duration when staff recorded one, status; newest
 * first. Compact on « Accueil »: each request leads to its place on « Mes demandes » (docs/decisions/039).
 */
export function InterventionHistory() {
  const [limit, setLimit] = useState(PAGE_SIZE);
  const list = useQuery(userInterventionsQueryOptions(limit));
  return (
    <section aria-labelledby="historique-titre">
      <h2 id="historique-titre" className="text-lg font-semibold text-slate-900 sm:text-xl">
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
            <ul className="space-y-2">
              {list.data.items.map((item) => (
                <li key={item.id}>
                  <Card className="px-3 py-3 sm:px-4">
                    <div className="flex items-center justify-between gap-2">
                      <h3 className="font-semibold text-slate-900">{item.title}</h3>
                      {/* The conversation, closing and rating are on « Mes demandes », one tap away. */}
                      <Link
                        to={requestPage(item.id)}
                        className="-my-2 inline-flex min-h-11 shrink-0 items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
                        aria-label={`${item.unreadReply ? 'Lire la réponse sur' : 'Suivre'} la demande du ${formatDate(item.createdAt)} (n° ${item.id})`}
                      >
                        {item.unreadReply ? 'Lire' : 'Suivre'} <ChevronRight aria-hidden="true" className="h-4 w-4" />
                      </Link>
                    </div>
                    <p className="mt-0.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
                      Le {formatDate(item.createdAt)}
                      {item.duration !== null && (
                        <span className="inline-flex items-center gap-1 whitespace-nowrap">
                          <Clock aria-hidden="true" className="h-3.5 w-3.5" /> Durée : {item.duration} min
                        </span>
                      )}
                      <InterventionStatusBadge status={item.status} />
                      {item.unreadReply && <UnreadReplyBadge />}
                    </p>
                    <OpenedBy name={item.openedBy} className="mt-1" />
                    <HandledBy name={item.handledBy} className="mt-1" />
                    <ResponseClock request={item} audience="client" size="small" className="mt-2" />
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
