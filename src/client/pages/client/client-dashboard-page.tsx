import { lazy, Suspense, useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { usePathname, useSearchParams } from '#client/lib/router.ts';
import { Plus } from 'lucide-react';
import type { AuthUser } from '#shared/clients/client-api.ts';
import { REQUEST_PARAM } from '#shared/clients/client-pages.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { LazyDialog } from '#client/components/ui/lazy-dialog.tsx';
import { LoadError } from '#client/components/ui/load-error.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import {
  PAGE_SIZE,
  clientInterventionsQueryOptions,
  ordersQueryOptions,
  subscriptionQueryOptions,
} from './api/queries.ts';
import { AssistanceNotices, assistanceRefused } from './common/assistance-notices.tsx';
import { pendingOrderOf } from './common/subscription-facts.ts';
import { ClientArea, useWhenIdle } from './common/client-area.tsx';
import { ShowMore } from './common/show-more.tsx';
import { SubscriptionBlock } from './common/subscription-block.tsx';
import { ClientInterventionList } from './client-area/client-intervention-list.tsx';

// The form (react-hook-form and the schema) loads when the client first opens it, or once the page is idle.
const loadForm = () => import('./client-area/intervention-form.tsx');
const InterventionForm = lazy(() => loadForm().then((m) => ({ default: m.InterventionForm })));

/**
 * « Mes demandes » (/client/demandes), also /client/dashboard: the client's own space as docs/specification.md §2
 * « Client dashboard » lists it (name, plan, number of requests, e-mail, « Créer une demande », the whole list). The
 * header holds the one « Déconnexion » (docs/decisions/039).
 */
export function ClientDashboardPage() {
  return <ClientArea>{(user) => <ClientDashboard user={user} />}</ClientArea>;
}

function ClientDashboard({ user }: { user: AuthUser }) {
  useWhenIdle(loadForm);
  const onDashboard = usePathname().startsWith('/client/dashboard');
  const [limit, setLimit] = useState(PAGE_SIZE);
  const requests = useQuery(clientInterventionsQueryOptions(limit));
  const [formOpen, setFormOpen] = useState(false);
  const subscription = useQuery(subscriptionQueryOptions);
  const orders = useQuery(ordersQueryOptions);
  const name = `${user.firstName} ${user.lastName}`.trim();
  useScrollToRequest(requests.data?.items.length ?? 0);

  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-6 sm:py-10">
      {/* The way to ask for help first, under the greeting. */}
      <Card className="grid gap-4 p-5 sm:p-6">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold text-slate-900">{onDashboard ? `Bonjour ${name}` : 'Mes demandes'}</h1>
          <p className="mt-1 break-words text-slate-700">{onDashboard ? user.email : `${name} · ${user.email}`}</p>
        </div>
        <div className="flex flex-col gap-3 rounded-lg bg-slate-50 p-4 sm:flex-row sm:items-center sm:justify-between">
          <p>
            <span className="text-sm text-slate-600">Vos demandes d’assistance : </span>
            {/* The true count (X-Total-Count), not the length of the page shown. */}
            <span className="font-semibold text-slate-900" data-testid="intervention-count">
              {requests.data?.total ?? '…'}
            </span>
          </p>
          <Button size="lg" onClick={() => setFormOpen(true)}>
            <Plus aria-hidden="true" className="h-5 w-5" /> Créer une demande
          </Button>
        </div>
      </Card>

      <SubscriptionBlock />

      <section aria-labelledby="demandes-titre" className="space-y-4">
        <h2 id="demandes-titre" className="text-xl font-semibold text-slate-900">
          Mes demandes d’assistance
        </h2>
        {requests.isPending ? (
          <div className="flex justify-center py-8">
            <Spinner />
          </div>
        ) : requests.isError ? (
          <LoadError
            title="Impossible d’afficher vos demandes pour le moment"
            error={requests.error}
            onRetry={() => void requests.refetch()}
          />
        ) : requests.data.items.length === 0 ? (
          <Card className="text-center text-slate-700">Aucune demande pour le moment</Card>
        ) : (
          <>
            <ClientInterventionList items={requests.data.items} />
            <ShowMore
              shown={requests.data.items.length}
              total={requests.data.total}
              loading={requests.isFetching}
              onMore={() => setLimit((l) => l + PAGE_SIZE)}
            />
          </>
        )}
      </section>

      <LazyDialog
        open={formOpen}
        onOpenChange={setFormOpen}
        title="Créer une demande"
        description={
          assistanceRefused(subscription.data)
            ? 'Une demande d’assistance n’est pas possible pour le moment\u00a0:'
            : 'Expliquez-nous simplement ce qui ne va pas : un technicien vous recontacte.'
        }
      >
        <Suspense
          fallback={
            <div className="flex justify-center py-8">
              <Spinner />
            </div>
          }
        >
          {subscription.isPending || orders.isPending ? (
            // What the client may do is known once the subscription and the orders have loaded.
            <div className="flex justify-center py-8">
              <Spinner />
            </div>
          ) : assistanceRefused(subscription.data) ? (
            // Said before anything is typed: the server would refuse the request. « choisissez une formule » leads to
            // the offers below, behind the dialog, which closes on the way.
            <div onClickCapture={(e) => (e.target as HTMLElement).closest('a') && setFormOpen(false)}>
              <AssistanceNotices
                subscription={subscription.data}
                awaitingPayment={!!pendingOrderOf(orders.data?.items ?? [])}
              />
              <div className="mt-4 flex justify-end">
                <Button variant="secondary" onClick={() => setFormOpen(false)}>
                  J’ai compris
                </Button>
              </div>
            </div>
          ) : (
            <InterventionForm onCancel={() => setFormOpen(false)} onCreated={() => setFormOpen(false)} />
          )}
        </Suspense>
      </LazyDialog>
    </div>
  );
}

/** A mail's link names one request (?demande=<id>): once it is on the page, it is scrolled into view. */
function useScrollToRequest(shown: number) {
  const [params] = useSearchParams();
  const id = params.get(REQUEST_PARAM);
  useEffect(() => {
    if (!id || !/^\d+$/.test(id)) return;
    document.getElementById(`demande-${id}`)?.scrollIntoView({ block: 'start' });
  }, [id, shown]);
}
