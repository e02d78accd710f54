import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Laptop } from 'lucide-react';
import type { Device } from '#shared/devices/device-api.ts';
import { DEVICE_STATUS_LABELS, type DeviceStatus } from '#shared/devices/device-labels.ts';
import { formatDate } from '#shared/format.ts';
import { Badge, type BadgeTone } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { LazyConfirmDialog } from '#client/components/ui/lazy-dialog.tsx';
import { LoadError } from '#client/components/ui/load-error.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { ApiRequestError, serverMessage } from '#client/lib/api.ts';
import { notify } from '#client/lib/notify.tsx';
import { subscriptionQueryOptions } from '#client/pages/client/api/queries.ts';
import { AddDeviceForm } from './add-device-form.tsx';
import {
  deviceName,
  deviceTypeLabel,
  devicesQueryOptions,
  inUse,
  useCoverDevice,
  useRetireDevice,
} from './device-api.ts';
import { ProofUpload } from './proof-upload.tsx';

const TONES: Record<DeviceStatus, BadgeTone> = {
  pending: 'amber',
  verified: 'green',
  refused: 'red',
  retired: 'slate',
};

/** « Mes appareils », the page's whole content: the devices the plan covers, what each waits for, add / retire / prove. */
export function MyDevices() {
  const devices = useQuery(devicesQueryOptions);
  const subscription = useQuery(subscriptionQueryOptions);
  const max = subscription.data?.maxDevices ?? 1;
  const used = devices.data?.filter(inUse) ?? [];
  // « Couvert » means assistance is open: a device whose proof is awaited is counted apart.
  const covered = used.filter((d) => d.covered && !d.blocked).length;
  const awaitingProof = used.filter((d) => d.covered && d.blocked).length;
  const plan = subscription.data?.plan;
  // A refused device stays in sight: a new proof brings it back to « À vérifier ».
  const refused = devices.data?.filter((d) => d.status === 'refused') ?? [];
  const retired = devices.data?.filter((d) => d.status === 'retired') ?? [];
  return (
    <section id="mes-appareils" aria-labelledby="appareils-titre" className="space-y-4">
      <div className="flex flex-col gap-1 sm:flex-row sm:items-baseline sm:justify-between">
        <h1 id="appareils-titre" className="text-2xl font-bold text-slate-900 sm:text-3xl">
          Mes appareils
        </h1>
        {devices.data && (
          <p className="text-slate-700" data-testid="devices-covered">
            {plan
              ? `${covered} appareil${covered > 1 ? 's' : ''} couvert${covered > 1 ? 's' : ''} sur ${max} (formule ${plan})`
              : 'Aucun abonnement en cours : vos appareils seront couverts dès le paiement de votre formule'}
            {awaitingProof > 0 ? ` · ${awaitingProof} en attente de justificatif` : ''}
          </p>
        )}
      </div>
      {devices.isPending ? (
        <div className="flex justify-center py-6">
          <Spinner />
        </div>
      ) : devices.isError ? (
        <LoadError
          title="Impossible d’afficher vos appareils pour le moment"
          error={devices.error}
          onRetry={() => void devices.refetch()}
        />
      ) : (
        <>
          {used.length === 0 && (
            <Card className="text-slate-700">
              Déclarez l’appareil que nos techniciens dépanneront (ordinateur, portable, tablette) : chaque demande
              d’assistance le concerne.
            </Card>
          )}
          {covered + awaitingProof < used.length && (
            <p
              className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
              data-testid="devices-over-plan"
            >
              {plan ? `Votre formule ${plan}` : 'Une formule'} couvre {max} appareil{max > 1 ? 's' : ''} : choisissez
              ceux qui restent couverts (« Couvrir cet appareil »), ou retirez-en un. Un appareil hors formule ne peut
              pas recevoir d’assistance.
            </p>
          )}
          <ul className="space-y-3">
            {[...used, ...refused].map((d) => (
              <li key={d.id}>
                <DeviceCard device={d} />
              </li>
            ))}
          </ul>
          {used.length < max ? (
            <AddDeviceForm />
          ) : (
            covered + awaitingProof === used.length && (
              <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
                {plan ? 'Votre formule' : 'Une formule'} couvre {max} appareil{max > 1 ? 's' : ''}. Pour en déclarer un
                autre, retirez d’abord un appareil que vous n’utilisez plus, ou passez à une formule qui en couvre plus.
              </p>
            )
          )}
          {retired.length > 0 && (
            <details className="rounded-lg border border-slate-200 bg-white p-3">
              <summary className="cursor-pointer font-medium text-slate-800">
                Appareils retirés ({retired.length})
              </summary>
              <ul className="mt-3 space-y-3">
                {retired.map((d) => (
                  <li key={d.id}>
                    <DeviceCard device={d} />
                  </li>
                ))}
              </ul>
            </details>
          )}
        </>
      )}
    </section>
  );
}

/** What the client should know or do next about this device. */
function awaited(d: Device): string {
  if (inUse(d) && !d.covered)
    return 'Hors formule : votre formule ne couvre plus cet appareil. Couvrez-le à la place d’un autre, ou retirez-en un, pour demander de l’aide pour lui.';
  if (d.status === 'refused') {
    return (
      `Refusé${d.refusalReason ? ` : « ${d.refusalReason} »` : ''}. L’assistance pour cet appareil est bloquée. Envoyez un nouveau ` +
      'justificatif (photo ou PDF de la facture, à votre nom) : nous le vérifierons à nouveau.'
    );
  }
  if (d.status === 'retired') return `Retiré le ${formatDate(d.retiredAt ?? d.createdAt)}.`;
  if (d.status === 'verified') return 'Vérifié : vous pouvez demander de l’aide pour cet appareil.';
  if (d.proofRequested && d.proofs.length === 0)
    return `Justificatif demandé : ${d.proofMessage ?? 'une photo ou un PDF de la facture.'} L’assistance pour cet appareil attend ce document.`;
  if (d.proofRequested)
    return 'Justificatif reçu : nous le vérifions au plus vite. L’assistance reprend dès qu’il est vérifié.';
  return 'En service. Une preuve d’achat ou de propriété pourra vous être demandée.';
}

/**
 * The client's word for a device's state: a pending device nobody asked a proof of is in service (assistance is open
 * for it), so it reads « En service », not the staff's « À vérifier » beside a sentence saying the opposite.
 */
function DeviceBadge({ device: d }: { device: Device }) {
  if (d.status !== 'pending') return <Badge tone={TONES[d.status]}>{DEVICE_STATUS_LABELS[d.status]}</Badge>;
  if (!d.proofRequested) return <Badge tone="green">En service</Badge>;
  return <Badge tone="amber">{d.proofs.length ? 'Justificatif reçu' : 'Justificatif demandé'}</Badge>;
}

function DeviceCard({ device: d }: { device: Device }) {
  const retire = useRetireDevice();
  const cover = useCoverDevice();
  const outside = inUse(d) && !d.covered;
  const onCover = () =>
    cover.mutate(d.id, {
      onSuccess: () =>
        notify(
          'success',
          'Appareil couvert',
          'Un autre appareil est passé hors formule : vous pouvez le retirer ou le reprendre.',
        ),
      onError: (error) => {
        if (error instanceof ApiRequestError && error.status === 401) return;
        notify('error', 'Erreur', serverMessage(error, 'Impossible de couvrir cet appareil'));
      },
    });
  const [confirming, setConfirming] = useState(false);
  const onRetire = () =>
    retire.mutate(d.id, {
      onSuccess: () => notify('success', 'Appareil retiré', 'Il ne compte plus dans votre formule.'),
      onError: (error) => {
        if (error instanceof ApiRequestError && error.status === 401) return;
        notify('error', 'Erreur', serverMessage(error, 'Impossible de retirer cet appareil'));
      },
    });
  return (
    <Card className="p-4" data-testid="device-card">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="flex min-w-0 items-start gap-2">
          <Laptop aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-slate-600" />
          <span className="min-w-0">
            <span className="block break-words font-semibold text-slate-900">{d.deviceInfo}</span>
            <span className="block text-sm text-slate-600">{deviceTypeLabel(d)}</span>
          </span>
        </p>
        <span className="flex flex-wrap gap-1">
          {outside && <Badge tone="red">Hors formule</Badge>}
          <DeviceBadge device={d} />
        </span>
      </div>
      <p
        className={
          d.blocked || outside
            ? 'mt-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-950'
            : 'mt-2 text-sm text-slate-700'
        }
        data-testid="device-awaited"
      >
        {awaited(d)}
      </p>
      {d.proofs.length > 0 && (
        <p className="mt-2 text-sm text-slate-600">
          Justificatif{d.proofs.length > 1 ? 's' : ''} envoyé{d.proofs.length > 1 ? 's' : ''} :{' '}
          {d.proofs.map((p) => p.name).join(', ')}
        </p>
      )}
      {(inUse(d) || d.status === 'refused') && (
        <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          {outside && (
            <Button onClick={onCover} disabled={cover.isPending}>
              Couvrir cet appareil
            </Button>
          )}
          {(d.status === 'pending' || d.status === 'refused') && <ProofUpload device={d} />}
          <Button variant="secondary" onClick={() => setConfirming(true)} disabled={retire.isPending}>
            Retirer
          </Button>
        </div>
      )}
      <LazyConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Retirer cet appareil ?"
        description={`« ${deviceName(d)} » ne sera plus couvert par votre formule. Vous pourrez déclarer un autre appareil à sa place.`}
        confirmLabel="Retirer"
        onConfirm={onRetire}
        danger
      />
    </Card>
  );
}
