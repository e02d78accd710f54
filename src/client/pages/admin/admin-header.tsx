import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { KeyRound, LogOut, RefreshCw, ShieldCheck, UserRound } from 'lucide-react';
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
import { HeaderMenu } from './shell/header-menu.tsx';

/**
 * One row (docs/decisions/039): the site, the clock, « En direct », « Actualiser », the notifications, the secret code
 * and the member's own menu (sessions, password, hours, security, « Déconnexion »). On a phone it wraps in two lines.
 */
export function AdminHeader({ session }: { session: StaffSession }) {
  const { siteName } = useSite();
  const client = useQueryClient();
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
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 px-3 py-2 sm:px-6 lg:h-14 lg:flex-nowrap lg:py-0">
        <p className="mr-auto flex min-w-0 items-baseline gap-2 whitespace-nowrap font-bold text-brand-700 lg:mr-2">
          <span className="truncate">{siteName}</span>
          <span className="hidden text-sm font-medium text-slate-600 sm:inline">Espace staff</span>
        </p>
        <div className="order-last basis-full sm:order-none sm:basis-auto lg:mr-auto">
          <LiveClock />
        </div>
        <LiveBar />
        <Button variant="secondary" size="sm" onClick={() => void refresh()} disabled={refreshing}>
          <RefreshCw aria-hidden="true" className={refreshing ? 'h-4 w-4 animate-spin' : 'h-4 w-4'} />
          <span className="sr-only sm:not-sr-only">Actualiser</span>
        </Button>
        {/* The backup is an admin's: a technician is never offered the code. */}
        {session.role === 'admin' && <SecretCode unlocked={session.unlocked} />}
        <PersonalMenu session={session} />
      </div>
    </header>
  );
}

function SecretCode({ unlocked }: { unlocked: boolean }) {
  if (unlocked) {
    return (
      <p className="inline-flex items-center gap-1.5 whitespace-nowrap rounded-lg bg-green-50 px-2.5 py-1.5 text-sm font-medium text-green-800">
        <ShieldCheck aria-hidden="true" className="h-4 w-4" /> Téléchargement activé
      </p>
    );
  }
  return (
    <HeaderMenu
      label={<span className="sr-only sm:not-sr-only">Code secret</span>}
      icon={<KeyRound aria-hidden="true" className="h-4 w-4" />}
      closeOnChoice={false}
    >
      <div className="p-1">
        <UnlockForm />
      </div>
    </HeaderMenu>
  );
}

function PersonalMenu({ session }: { session: StaffSession }) {
  const logout = useLogout();
  return (
    <HeaderMenu
      icon={<UserRound aria-hidden="true" className="h-4 w-4" />}
      label={
        <span className="max-w-32 truncate" data-testid="staff-username">
          {session.username}
        </span>
      }
    >
      <p className="px-2 pb-2 text-sm text-slate-600">
        Connecté : <span className="font-semibold text-slate-900">{session.username}</span> (
        {STAFF_ROLE_LABELS[session.role].toLowerCase()})
      </p>
      <div className="flex flex-col items-stretch gap-0.5 border-t border-slate-100 pt-1 [&_button]:w-full [&_button]:justify-start">
        <MySessionsButton />
        <MyPasswordButton username={session.username} />
        <MyDutyHoursButton />
        <SecurityButton />
        <Button
          variant="ghost"
          size="sm"
          onClick={() => logout.mutate()}
          disabled={logout.isPending}
          className="h-8 px-2"
        >
          <LogOut aria-hidden="true" className="h-4 w-4" />
          Déconnexion
        </Button>
      </div>
    </HeaderMenu>
  );
}
