import { useQuery } from '@tanstack/react-query';
import { LogOut } from 'lucide-react';
import type { AuthUser } from '#shared/clients/client-api.ts';
import { beginSignOut } from '#client/lib/sign-out.ts';
import { buttonClass } from '#client/components/ui/button.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { subscriptionQueryOptions } from './api/queries.ts';
import { AccountArea } from './common/account-area.tsx';
import { ClientArea } from './common/client-area.tsx';
import { ProfileCard } from './common/profile-card.tsx';
import { SubscriptionBlock } from './common/subscription-block.tsx';
import { AssistanceActions } from './dashboard/assistance-actions.tsx';
import { InterventionHistory } from './dashboard/intervention-history.tsx';
import { MyDevices } from './devices/my-devices.tsx';

/** /dashboard (and / for a signed-in client): docs/specification.md §2 « User dashboard ». */
export function DashboardPage() {
  return <ClientArea>{(user) => <Dashboard user={user} />}</ClientArea>;
}

function Dashboard({ user }: { user: AuthUser }) {
  const subscription = useQuery(subscriptionQueryOptions);
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-6 sm:py-10">
      {/* On a phone the help buttons come right under the greeting, sign-out last; on a desktop it sits top right. */}
      <Card className="grid gap-5 p-5 sm:grid-cols-[1fr_auto] sm:p-6">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Tableau de bord</h1>
          <p className="mt-1 text-lg text-slate-700">
            Bonjour {user.firstName || user.lastName}, comment pouvons-nous vous aider ?
          </p>
        </div>
        <div className="sm:col-span-2 sm:row-start-2">
          <AssistanceActions subscription={subscription.data} />
        </div>
        {/* docs/specification.md §2: a navigation to the logout endpoint, which ends the session and returns to
            the home page. */}
        <a
          href="/api/logout"
          onClick={beginSignOut}
          className={buttonClass('secondary', 'md', 'self-start justify-self-start sm:col-start-2 sm:row-start-1')}
        >
          <LogOut aria-hidden="true" className="h-4 w-4" /> Se déconnecter
        </a>
      </Card>

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <SubscriptionBlock />
        </div>
        <ProfileCard user={user} />
      </div>

      <MyDevices />
      <InterventionHistory />
      <AccountArea email={user.email} />
    </div>
  );
}
