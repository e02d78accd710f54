import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { LogOut, RefreshCw } from 'lucide-react';
import type { StaffSession } from '#shared/staff/staff-api.ts';
import { Button } from '#client/components/ui/button.tsx';
import { ApiRequestError } from '#client/lib/api.ts';
import { notify } from '#client/lib/notify.tsx';
import { useSite } from '#client/lib/site.tsx';
import { adminKeys } from './api/queries.ts';
import { useLogout } from './api/session.ts';
import { LiveClock } from './live-clock.tsx';
import { MySessionsButton } from './sessions/my-sessions-dialog.tsx';
import { UnlockForm } from './unlock-form.tsx';
import { MyPasswordButton } from './staff/my-password-dialog.tsx';
import { MyDutyHoursButton } from './staff/duty-hours-dialogs.tsx';
import { SecurityButton } from './two-factor/security-dialog.tsx';
import { STAFF_ROLE_LABELS } from '#shared/staff/staff-labels.ts';
import { LiveBar } from './live/live-bar.tsx';

export function AdminHeader({ session }: { session: StaffSession }) {
  const { siteName } = useSite();
  const client = useQueryClient();
  const logout = useLogout();
  const [refreshing, setRefreshing] = useState(false);

  async function refresh() {
    setRefreshing(true);
    try {
      // docs/specification.md §2: « Actualiser » reloads everything. Every list this page holds is read again,
      // together: those on screen and those of the tabs opened before (their pages, their filters), so none shows older
      // data when its tab opens again. A tab not opened yet loads when it opens, as on sign-in (decision 024).
      await client.invalidateQueries({ queryKey: adminKeys.data, refetchType: 'all' }, { throwOnError: true });
      notify('success', 'Données actualisées');
    } catch (error) {
      // An expired session already has its own notice.
      if (!(error instanceof ApiRequestError && error.status === 401))
        notify('error', 'Impossible de charger les données', error instanceof Error ? error.message : undefined);
    } finally {
      setRefreshing(false);
    }
  }

  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl flex-col gap-3 px-3 py-3 sm:px-6 lg:flex-row lg:items-center lg:justify-between">
        <div className="flex min-w-0 flex-col gap-0.5">
          <p className="flex flex-wrap items-baseline gap-x-2 text-lg font-bold text-brand-700">
            <span>{siteName}</span>
            <span className="text-sm font-medium text-slate-600">Espace staff</span>
          </p>
          {/* Beside the account it concerns, and away from the unlock form that toasts may cover. */}
          <div className="flex flex-wrap items-center gap-x-2 text-sm text-slate-700">
            <p>
              Connecté :{' '}
              <span className="font-semibold text-slate-900" data-testid="staff-username">
                {session.username}
              </span>{' '}
              ({STAFF_ROLE_LABELS[session.role].toLowerCase()})
            </p>
            <MySessionsButton />
            <MyPasswordButton username={session.username} />
            <MyDutyHoursButton />
            <SecurityButton />
          </div>
          <LiveClock />
          <LiveBar />
        </div>
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end lg:justify-end">
          {/* The backup is an admin's: a technician is never offered the code. */}
          {session.role === 'admin' && <UnlockForm unlocked={session.unlocked} />}
          <div className="flex gap-2">
            <Button
              variant="secondary"
              size="sm"
              onClick={() => void refresh()}
              disabled={refreshing}
              className="flex-1 sm:flex-none"
            >
              <RefreshCw aria-hidden="true" className={refreshing ? 'h-4 w-4 animate-spin' : 'h-4 w-4'} />
              Actualiser
            </Button>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => logout.mutate()}
              disabled={logout.isPending}
              className="flex-1 sm:flex-none"
            >
              <LogOut aria-hidden="true" className="h-4 w-4" />
              Déconnexion
            </Button>
          </div>
        </div>
      </div>
    </header>
  );
}
