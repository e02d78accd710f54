import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { LifeBuoy, MessageSquareText, MonitorSmartphone } from 'lucide-react';
import type { RemoteSessionInput } from '#shared/interventions/remote-session.ts';
import { LazyDialog } from '#client/components/ui/lazy-dialog.tsx';
import { RemoteSessionForm } from './remote-session-form.tsx';
import { RemoteShareChoice } from '#client/pages/client/screen-share/remote-share-choice.tsx';
import { DescribeFirst } from './describe-first.tsx';
import type { CurrentSubscription } from '#shared/subscriptions/subscription-api.ts';
import { ApiRequestError, serverMessage } from '#client/lib/api.ts';
import { notify } from '#client/lib/notify.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { useAskAssistance } from '#client/pages/client/api/intervention-mutations.ts';
import { ordersQueryOptions } from '#client/pages/client/api/queries.ts';
import { pendingOrderOf } from '#client/pages/client/common/subscription-facts.ts';
import { AssistanceNotices } from '#client/pages/client/common/assistance-notices.tsx';
import { devicesQueryOptions } from '#client/pages/client/devices/device-api.ts';
import {
  DevicePicker,
  preselectedDevice,
  devicesForIntervention,
} from '#client/pages/client/devices/device-picker.tsx';

// docs/specification.md §8 fixes this text, ASCII apostrophes included.
const FAILED = "Impossible d'envoyer la demande d'assistance";

// Both buttons create a request (docs/specification.md §2); the title tells the technician which kind of help
// is wanted.
const REQUESTS = {
  assistance: { title: "Demande d'assistance", description: "Demande d'assistance envoyée depuis le tableau de bord" },
  remote: { title: 'Session à distance', description: 'Le client demande une session de prise en main à distance.' },
} as const;

/** The server says why when the month's allowance is used (409), there is no subscription (403) or too many tries (429). */
const explained = (error: unknown) => error instanceof ApiRequestError && [403, 409, 429].includes(error.status);

/**
 * The requests the dashboard's buttons send, for the chosen device: a plain one, a remote session (the form, or the
 * screen shared from the browser) and one in the client's words. Errors the server explains are shown as it says.
 */
function useAssistanceRequests(deviceId: number | undefined, closeRemote: () => void) {
  const request = useAskAssistance();
  const callbacks = {
    onSuccess: () =>
      notify(
        'success',
        'Demande envoyée',
        "Votre demande d'assistance a été envoyée. Un technicien va vous contacter.",
      ),
    onError: (error: Error) => {
      // A 401 gets 'Non autorisé' and the way back to sign in, once for the whole client area (query-client.tsx).
      if (error instanceof ApiRequestError && error.status === 401) return;
      // A wrong ID is shown under its field by the form.
      if (error instanceof ApiRequestError && error.fieldErrors && !error.fieldErrors.deviceId) return;
      notify('error', 'Erreur', explained(error) ? serverMessage(error, FAILED) : FAILED);
    },
  };
  return {
    request,
    send: (kind: keyof typeof REQUESTS) => request.mutate({ ...REQUESTS[kind], deviceId }, callbacks),
    sendRemote: (session: RemoteSessionInput) =>
      request.mutateAsync(
        { ...REQUESTS.remote, ...session, deviceId },
        {
          ...callbacks,
          onSuccess: () => {
            closeRemote();
            callbacks.onSuccess();
          },
        },
      ),
    // The request in the client's words when they described it first (the suggestions did not answer it).
    sendDescribed: (description: string) =>
      request.mutateAsync(
        { ...REQUESTS.assistance, description: description.trim() || undefined, deviceId },
        callbacks,
      ),
    /** The request a screen share from the browser belongs to: its id. */
    openForShare: async () =>
      (
        await request.mutateAsync({
          ...REQUESTS.remote,
          description: 'Le client partage son écran depuis le navigateur.',
          deviceId,
        })
      ).id,
    sending: request.isPending ? request.variables?.title : undefined,
  };
}

export function AssistanceActions({ subscription }: { subscription: CurrentSubscription | null | undefined }) {
  const [askingRemote, setAskingRemote] = useState(false);
  const [describing, setDescribing] = useState(false);
  const describeId = useId();
  // Each request names one of the client's devices; the first usable one is preselected.
  const devices = useQuery(devicesQueryOptions);
  const [chosen, setChosen] = useState<number | undefined>();
  const deviceId = chosen ?? preselectedDevice(devices.data);
  // With an order waiting for its payment, the offers (#tarifs) give way to it: no plan to choose, only to wait.
  const orders = useQuery(ordersQueryOptions);
  const awaitingPayment = !!pendingOrderOf(orders.data?.items ?? []);
  const { request, send, sendRemote, sendDescribed, openForShare, sending } = useAssistanceRequests(deviceId, () =>
    setAskingRemote(false),
  );
  return (
    <div>
      {devicesForIntervention(devices.data).length > 1 && (
        <DevicePicker
          className="mb-3"
          devices={devices.data!}
          value={deviceId}
          onChange={(e) => setChosen(Number(e.target.value))}
        />
      )}
      {/* On a phone: « Demander une assistance » across, the two other ways side by side under it (the home stays
          within two screens); from a tablet up, the two buttons side by side and the way to describe first under them. */}
      <div className="grid grid-cols-2 gap-3">
        <Button
          className="col-span-2 h-auto min-h-14 w-full py-3 sm:col-span-1 sm:px-6 sm:text-lg"
          onClick={() => send('assistance')}
          disabled={request.isPending}
        >
          <LifeBuoy aria-hidden="true" className="h-6 w-6 shrink-0" />
          {sending === REQUESTS.assistance.title ? 'Envoi...' : 'Demander une assistance'}
        </Button>
        <Button
          variant="secondary"
          className="h-auto min-h-14 w-full px-3 py-3 text-sm sm:px-6 sm:text-lg"
          onClick={() => setAskingRemote(true)}
          disabled={request.isPending}
        >
          <MonitorSmartphone aria-hidden="true" className="h-6 w-6 shrink-0" />
          {sending === REQUESTS.remote.title ? 'Envoi...' : 'Session à distance'}
        </Button>
        {/* One tap above sends a request at once; a client who wants to say what is wrong first opens this. */}
        <Button
          variant="secondary"
          className="h-auto min-h-14 w-full px-3 py-3 text-sm text-brand-700 sm:col-span-2 sm:min-h-11 sm:py-2 sm:text-base"
          aria-expanded={describing}
          aria-controls={describeId}
          onClick={() => setDescribing((open) => !open)}
        >
          <MessageSquareText aria-hidden="true" className="h-5 w-5 shrink-0" />
          {/* Two lines at most beside « Session à distance » on a phone. */}
          <span className="sm:hidden">Décrire mon problème</span>
          <span className="hidden sm:inline">Décrire mon problème d’abord</span>
        </Button>
      </div>
      {/* Hidden rather than unmounted: closing it by mistake keeps what was typed. */}
      <DescribeFirst
        id={describeId}
        hidden={!describing}
        onSend={sendDescribed}
        onClose={() => setDescribing(false)}
        sending={request.isPending}
      />
      <LazyDialog
        open={askingRemote}
        onOpenChange={setAskingRemote}
        title="Session à distance"
        description="Indiquez l’outil installé sur votre ordinateur et l’identifiant qu’il affiche : le technicien s’y connectera."
      >
        <RemoteShareChoice open={openForShare} onStarted={() => setAskingRemote(false)} />
        <RemoteSessionForm sending={request.isPending} onSubmit={sendRemote} onCancel={() => setAskingRemote(false)} />
      </LazyDialog>
      <AssistanceNotices subscription={subscription} awaitingPayment={awaitingPayment} />
    </div>
  );
}
