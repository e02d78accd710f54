import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { LogOut, MonitorSmartphone } from 'lucide-react';
import type { OpenSessionDto } from '#shared/staff/staff-api.ts';
import { formatDateTime } from '#shared/format.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.tsx';
import { Dialog } from '#client/components/ui/dialog.tsx';
import { notify } from '#client/lib/notify.tsx';
import { sessionListQueryOptions } from '#client/pages/admin/api/queries.ts';
import { Loading, QueryError } from '#client/pages/admin/common/query-state.tsx';
import { useEndSessions } from './session-mutations.ts';
import { describeUserAgent } from './user-agent.ts';

function SessionItem({ session: s, onEnd, busy }: { session: OpenSessionDto; onEnd(): void; busy: boolean }) {
  const device = s.userAgent ? describeUserAgent(s.userAgent) : 'Appareil non renseigné';
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between" data-testid="staff-session">
      <div className="min-w-0 space-y-0.5">
        <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
          {device}
          {s.current && <Badge tone="green">Cette session</Badge>}
        </p>
        <p className="text-sm text-slate-700">
          Adresse : <span className="font-mono">{s.address || '-'}</span>
        </p>
        <p className="text-sm text-slate-600">
          Ouverte le <time dateTime={s.createdAt}>{formatDateTime(s.createdAt)}</time>
          {' · '}dernière activité <time dateTime={s.lastSeenAt}>{formatDateTime(s.lastSeenAt)}</time>
        </p>
      </div>
      {!s.current && (
        <Button
          size="sm"
          variant="secondary"
          onClick={onEnd}
          disabled={busy}
          className="self-start sm:self-auto"
          aria-label={`Fermer la session ${device}${s.address ? ` (${s.address})` : ''}`}
        >
          <LogOut aria-hidden="true" className="h-4 w-4" /> Fermer
        </Button>
      )}
    </li>
  );
}

function SessionList() {
  const query = useQuery(sessionListQueryOptions);
  const end = useEndSessions();
  const [confirmAll, setConfirmAll] = useState(false);

  if (query.isPending) return <Loading />;
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  const others = query.data.filter((s) => !s.current).length;

  function run(id: number | null) {
    end.mutate(id, {
      onSuccess: ({ ended }) =>
        notify(
          'success',
          ended > 1 ? `${ended} sessions fermées` : 'Session fermée',
          'Ces appareils devront se reconnecter.',
        ),
      onError: (error) => notify('error', 'Impossible de fermer la session', error.message),
    });
  }

  return (
    <div>
      <ul className="divide-y divide-slate-200" aria-label="Sessions ouvertes">
        {query.data.map((s) => (
          <SessionItem key={s.id} session={s} busy={end.isPending} onEnd={() => run(s.id)} />
        ))}
      </ul>
      {others > 0 ? (
        <div className="mt-4 flex justify-end">
          <Button variant="danger" size="sm" onClick={() => setConfirmAll(true)} disabled={end.isPending}>
            Fermer toutes les autres sessions
          </Button>
        </div>
      ) : (
        <p className="mt-3 text-sm text-slate-600">Aucune autre session ouverte avec votre compte.</p>
      )}
      <ConfirmDialog
        open={confirmAll}
        onOpenChange={setConfirmAll}
        onConfirm={() => run(null)}
        danger
        title="Fermer toutes les autres sessions ?"
        confirmLabel="Fermer les autres sessions"
        description={`${others > 1 ? `Les ${others} autres appareils` : 'L’autre appareil'} connecté${others > 1 ? 's' : ''} à votre compte devr${others > 1 ? 'ont' : 'a'} se reconnecter. Cette session-ci reste ouverte.`}
      />
    </div>
  );
}

/** « Mes sessions »: where this staff account is signed in, and a way to sign out a lost or unknown device. */
export function MySessionsButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)} className="h-8 px-2">
        <MonitorSmartphone aria-hidden="true" className="h-4 w-4" /> Mes sessions
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Mes sessions"
        wide
        description="Les appareils où votre compte staff est connecté. Fermez une session que vous ne reconnaissez pas, puis faites changer votre mot de passe."
      >
        {open && <SessionList />}
      </Dialog>
    </>
  );
}
