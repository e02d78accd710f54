import { useQuery } from '@tanstack/react-query';
import type { AuthUser } from '#shared/clients/client-api.ts';
import { Card } from '#client/components/ui/card.tsx';
import { subscriptionQueryOptions } from './api/queries.ts';
import { ClientArea } from './common/client-area.tsx';
import { ProfileCard } from './common/profile-card.tsx';
import { SubscriptionBlock } from './common/subscription-block.tsx';
import { AssistanceActions } from './dashboard/assistance-actions.tsx';
import { InterventionHistory } from './dashboard/intervention-history.tsx';

/**
 * « Accueil » (/client/accueil), also /dashboard and a signed-in client's /: what docs/specification.md §2 « User
 * dashboard » lists (the help buttons, the subscription card, the requests, the profile card). Devices, invoices and
 * the account have pages of their own (docs/decisions/039); the header holds the one « Déconnexion ».
 */
export function DashboardPage() {
  return <ClientArea>{(user) => <Dashboard user={user} />}</ClientArea>;
}

function Dashboard({ user }: { user: AuthUser }) {
  const subscription = useQuery(subscriptionQueryOptions);
  return (
    <div className="mx-auto max-w-5xl space-y-4 px-4 py-4 sm:space-y-6 sm:py-8">
      <Card className="space-y-4 p-4 sm:p-6">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Tableau de bord</h1>
          <p className="mt-1 text-slate-700 sm:text-lg">
            Bonjour {user.firstName || user.lastName}, comment pouvons-nous vous aider ?
          </p>
        </div>
        <AssistanceActions subscription={subscription.data} />
      </Card>

      <div className="grid gap-4 sm:gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <SubscriptionBlock />
        </div>
        <ProfileCard user={user} />
      </div>

      <InterventionHistory />
    </div>
  );
}
