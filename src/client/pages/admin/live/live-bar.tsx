import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Bell, BellOff, Volume2, VolumeX } from 'lucide-react';
import { STAFF_ALERT_KINDS, type LiveEvent, type LiveKind } from '#shared/live/live-api.ts';
import { Button } from '#client/components/ui/button.tsx';
import { HeaderMenu } from '#client/pages/admin/shell/header-menu.tsx';
import { useLiveEvents } from '#client/lib/live-events.ts';
import { adminKeys, interventionListQueryOptions, readStaffSession } from '#client/pages/admin/api/queries.ts';
import { sessionExpired } from '#client/pages/admin/api/query-client.ts';
import { useStaffSession } from '#client/pages/admin/api/session.ts';
import { devicesKey } from '#client/pages/admin/devices/device-queries.ts';
import { notificationsSupported, playAlert, setSoundEnabled, showNotification, soundEnabled } from './alerts.ts';

/** The count in the tab's title: requests waiting for someone to take them (« (2) Espace staff … »). */
const waitingQuery = interventionListQueryOptions({ assignee: 'unassigned', status: 'pending', limit: 1, offset: 0 });
const COUNT = /^\(\d+\) /;

/** The lists an event changes: requests, « Messages », or the devices (the Appareils tab and a customer's page). */
const listsOf = (kind: LiveKind) =>
  kind.startsWith('inbox.') ? adminKeys.inbox : kind === 'device.proof' ? devicesKey : adminKeys.interventions;

function useTitleCount(count: number) {
  useEffect(() => {
    const base = document.title.replace(COUNT, '');
    document.title = count > 0 ? `(${count}) ${base}` : base;
    return () => {
      document.title = document.title.replace(COUNT, '');
    };
  }, [count]);
}

/**
 * The back-office's live link: lists reload as requests, messages, status changes, « Messages » items and device
 * proofs arrive; in the background the browser notifies (once allowed, from the button) and a tone plays (it can be
 * turned off).
 */
export function LiveBar() {
  const client = useQueryClient();
  const waiting = useQuery(waitingQuery);
  const me = useStaffSession().data?.id;
  const [permission, setPermission] = useState<NotificationPermission | 'unsupported'>('unsupported');
  const [sound, setSound] = useState(true);
  useEffect(() => {
    setPermission(notificationsSupported() ? Notification.permission : 'unsupported');
    setSound(soundEnabled());
  }, []);

  const { state, closedMessage } = useLiveEvents(
    '/api/admin/events',
    (event: LiveEvent) => {
      const lists = listsOf(event.kind);
      void client.invalidateQueries({ queryKey: lists });
      // The requests' waiting count below is always read, and its answer has the navigation's figures read again
      // (use-counts.ts). « Messages » and « Appareils » may have no tab open to read theirs: their figures are asked here.
      if (lists !== adminKeys.interventions) void client.invalidateQueries({ queryKey: adminKeys.counts });
      // One's own action (a request opened for a client) refreshes the lists but is no news to oneself.
      if (!STAFF_ALERT_KINDS.includes(event.kind) || (event.actorId != null && event.actorId === me)) return;
      playAlert();
      if (document.hidden) showNotification('Espace staff', event.text);
    },
    {
      onGaveUp: () =>
        void readStaffSession().then(
          (s) => s || sessionExpired(client),
          () => undefined,
        ),
    },
  );
  useTitleCount(waiting.data?.total ?? 0);

  function toggleSound() {
    setSoundEnabled(!sound);
    setSound(!sound);
  }
  async function askPermission() {
    setPermission(await Notification.requestPermission());
  }

  return (
    <div className="flex items-center gap-1 text-sm">
      <span
        className="inline-flex items-center gap-1.5 whitespace-nowrap px-1 text-slate-700"
        data-testid="live-state"
        data-state={state}
      >
        <span
          aria-hidden="true"
          className={`h-2 w-2 rounded-full ${state === 'open' ? 'bg-green-600' : 'bg-amber-500'}`}
        />
        {state === 'open' ? 'En direct' : state === 'closed' ? 'Plus en direct' : 'Connexion…'}
      </span>
      {state === 'closed' && (
        <Button variant="secondary" size="sm" title={closedMessage} onClick={() => window.location.reload()}>
          Recharger
        </Button>
      )}
      {/* The browser's notifications and the tone: set once, so behind one button of the header's row. */}
      <HeaderMenu
        label={<span className="sr-only sm:not-sr-only">Notifications</span>}
        icon={<Bell aria-hidden="true" className="h-4 w-4" />}
        closeOnChoice={false}
      >
        <div className="flex flex-col items-start gap-2 p-1">
          {permission === 'default' && (
            <Button variant="secondary" size="sm" onClick={() => void askPermission()}>
              <Bell aria-hidden="true" className="h-4 w-4" /> Recevoir les notifications
            </Button>
          )}
          {permission === 'granted' && (
            <span className="inline-flex items-center gap-1 text-slate-700">
              <Bell aria-hidden="true" className="h-4 w-4" /> Notifications activées
            </span>
          )}
          {permission === 'denied' && (
            <span className="inline-flex items-center gap-1 text-slate-600">
              <BellOff aria-hidden="true" className="h-4 w-4" /> Notifications refusées par le navigateur
            </span>
          )}
          {permission === 'unsupported' && (
            <span className="text-slate-600">Ce navigateur n’affiche pas de notifications.</span>
          )}
          <Button variant="ghost" size="sm" aria-pressed={sound} onClick={toggleSound}>
            {sound ? (
              <Volume2 aria-hidden="true" className="h-4 w-4" />
            ) : (
              <VolumeX aria-hidden="true" className="h-4 w-4" />
            )}
            Son des alertes
          </Button>
        </div>
      </HeaderMenu>
    </div>
  );
}
