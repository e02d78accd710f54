import { useQuery } from '@tanstack/react-query';
import type { Device } from '#shared/devices/device-api.ts';
import { Card } from '#client/components/ui/card.tsx';
import { LoadError } from '#client/components/ui/load-error.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { subscriptionQueryOptions } from '#client/pages/client/api/queries.ts';
import { AddDeviceForm } from './add-device-form.tsx';
import { devicesQueryOptions, inUse } from './device-api.ts';
import { DeviceCard } from './device-card.tsx';

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
          <RetiredDevices devices={retired} />
        </>
      )}
    </section>
  );
}

/** Retired devices, folded away: kept for the record, they no longer count in the plan. */
function RetiredDevices({ devices }: { devices: Device[] }) {
  if (devices.length === 0) return null;
  return (
    <details className="rounded-lg border border-slate-200 bg-white p-3">
      <summary className="cursor-pointer font-medium text-slate-800">Appareils retirés ({devices.length})</summary>
      <ul className="mt-3 space-y-3">
        {devices.map((d) => (
          <li key={d.id}>
            <DeviceCard device={d} />
          </li>
        ))}
      </ul>
    </details>
  );
}
