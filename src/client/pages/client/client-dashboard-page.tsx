import { lazy, Suspense, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '#client/lib/router.ts';
import { LogOut, Plus } from 'lucide-react';
import type { AuthUser } from '#shared/clients/client-api.ts';
import { notify } from '#client/lib/notify.tsx';
import { beginSignOut, endSignOut } from '#client/lib/sign-out.ts';
import { useViewer } from '#client/lib/viewer.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { LazyDialog } from '#client/components/ui/lazy-dialog.tsx';
import { LoadError } from '#client/components/ui/load-error.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { PAGE_SIZE, clientInterventionsQueryOptions } from './api/queries.ts';
import { useClientLogout } from './api/session.ts';
import { AccountArea } from './common/account-area.tsx';
import { ClientArea, useWhenIdle } from './common/client-area.tsx';
import { ShowMore } from './common/show-more.tsx';
import { SubscriptionBlock } from './common/subscription-block.tsx';
import { ClientInterventionList } from './client-area/client-intervention-list.tsx';
import { MyDevices } from './devices/my-devices.tsx';

// The form (react-hook-form and the schema) loads when the client first opens it, or once the page is idle.
const loadForm = () => import('./client-area/intervention-form.tsx');
const InterventionForm = lazy(() => loadForm().then((m) => ({ default: m.InterventionForm })));

/**
 * /client/dashboard: the client's own space (docs/specification.md §2 « Client dashboard »), with the facts of
 * /dashboard.
 */
export function ClientDashboardPage() {
  return <ClientArea>{(user) => <ClientDashboard user={user} />}</ClientArea>;
}

function ClientDashboard({ user }: { user: AuthUser }) {
  useWhenIdle(loadForm);
  const navigate = useNavigate();
  const { setSignedIn } = useViewer();
  const logout = useClientLogout();
  const [limit, setLimit] = useState(PAGE_SIZE);
  const requests = useQuery(clientInterventionsQueryOptions(limit));
  const [formOpen, setFormOpen] = useState(false);
  const name = `${user.firstName} ${user.lastName}`.trim();

  const signOut = () => {
    beginSignOut();
    logout.mutate(undefined, {
      onSuccess: () => {
        notify('success', 'Déconnexion réussie', 'À bientôt !');
        // Leaving first, then a new epoch: the client area's cache goes with the session, and / is the landing page.
        void navigate('/');
        setSignedIn(false);
      },
      onError: () => {
        endSignOut();
        notify('error', 'Erreur de déconnexion', 'Veuillez réessayer dans un instant.');
      },
    });
  };

  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-6 sm:py-10">
      {/* The way to ask for help first, under the greeting (on a phone the list of requests is screens below); sign-out
          last on a phone, top right on a desktop. */}
      <Card className="grid gap-4 p-5 sm:grid-cols-[1fr_auto] sm:p-6">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold text-slate-900">Bonjour {name}</h1>
          <p className="mt-1 break-words text-slate-700">{user.email}</p>
        </div>
        <div className="flex flex-col gap-3 rounded-lg bg-slate-50 p-4 sm:col-span-2 sm:row-start-2 sm:flex-row sm:items-center sm:justify-between">
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
        <Button
          variant="secondary"
          className="self-start justify-self-start sm:col-start-2 sm:row-start-1"
          onClick={signOut}
          disabled={logout.isPending}
        >
          <LogOut aria-hidden="true" className="h-4 w-4" /> Déconnexion
        </Button>
      </Card>

      <SubscriptionBlock />

      <MyDevices />

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

      <AccountArea email={user.email} />

      <LazyDialog
        open={formOpen}
        onOpenChange={setFormOpen}
        title="Créer une demande"
        description="Expliquez-nous simplement ce qui ne va pas : un technicien vous recontacte."
      >
        <Suspense
          fallback={
            <div className="flex justify-center py-8">
              <Spinner />
            </div>
          }
        >
          <InterventionForm onCancel={() => setFormOpen(false)} onCreated={() => setFormOpen(false)} />
        </Suspense>
      </LazyDialog>
    </div>
  );
}
