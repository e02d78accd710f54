import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { LifeBuoy } from 'lucide-react';
import type { AdminDevice, AdminDeviceQuery } from '#shared/devices/device-api.ts';
import {
  DEVICE_STATUS_LABELS,
  isDeviceInUse,
  REGISTRATION_DEVICE_LABELS,
  type DeviceStatus,
} from '#shared/devices/device-labels.ts';
import { formatDate } from '#shared/format.ts';
import { Badge, type BadgeTone } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { LoadError } from '#client/components/ui/load-error.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { serverMessage } from '#client/lib/api.ts';
import { notify } from '#client/lib/notify.tsx';
import { adminDevicesQueryOptions, useVerifyDevice } from './device-queries.ts';
import { DeviceNotes } from './device-notes.tsx';
import { DeviceTextDialog } from './device-text-dialog.tsx';
import { OpenInterventionDialog } from './open-intervention-dialog.tsx';
import { ProofLinks } from './proof-links.tsx';

const TONES: Record<DeviceStatus, BadgeTone> = {
  pending: 'amber',
  verified: 'green',
  refused: 'red',
  retired: 'slate',
};

/** Devices for staff (the « Appareils » tab, a customer's page): proofs to view, verify, refuse or ask for. */
export function DeviceList({
  filter,
  showClient = true,
  empty,
}: {
  filter: AdminDeviceQuery;
  showClient?: boolean;
  empty: string;
}) {
  const devices = useQuery(adminDevicesQueryOptions(filter));
  if (devices.isPending)
    return (
      <div className="flex justify-center py-6">
        <Spinner />
      </div>
    );
  if (devices.isError)
    return (
      <LoadError
        title="Impossible d’afficher les appareils"
        error={devices.error}
        onRetry={() => void devices.refetch()}
      />
    );
  if (devices.data.length === 0) return <p className="rounded-lg bg-slate-50 p-4 text-slate-700">{empty}</p>;
  return (
    <ul className="space-y-3">
      {devices.data.map((d) => (
        <li key={d.id}>
          <DeviceRow device={d} showClient={showClient} />
        </li>
      ))}
    </ul>
  );
}

/** One device for staff: whose it is, its state and proofs, and what staff can do about it. */
function DeviceRow({ device: d, showClient }: { device: AdminDevice; showClient: boolean }) {
  const verify = useVerifyDevice();
  const [dialog, setDialog] = useState<'proof' | 'refuse' | 'intervention' | null>(null);
  // « Hors formule »: computed by the server as for the client (decision 022), never here.
  const outside = isDeviceInUse(d) && !d.covered;
  const onVerify = () =>
    verify.mutate(d.id, {
      onSuccess: () => notify('success', 'Appareil vérifié', `${d.clientName} est prévenu par e-mail.`),
      onError: (error) => notify('error', 'Action impossible', serverMessage(error, 'Veuillez réessayer.')),
    });
  return (
    <article
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      aria-label={`Appareil n° ${d.id}`}
      data-testid="admin-device"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="break-words font-semibold text-slate-900">
            {d.deviceInfo || '(effacé)'}{' '}
            <span className="font-normal text-slate-600">· {REGISTRATION_DEVICE_LABELS[d.deviceType]}</span>
          </p>
          {showClient && (
            <p className="break-words text-sm text-slate-700">
              {d.clientName} · {d.clientEmail}
            </p>
          )}
          <p className="text-sm text-slate-600">
            Déclaré le {formatDate(d.createdAt)}
            {d.decidedAt ? ` · décision le ${formatDate(d.decidedAt)} par ${d.decidedBy ?? '-'}` : ''}
          </p>
        </div>
        <div className="flex flex-wrap gap-1">
          {outside && <Badge tone="red">Hors formule</Badge>}
          <Badge tone={TONES[d.status]}>{DEVICE_STATUS_LABELS[d.status]}</Badge>
          {d.blocked && <Badge tone="red">Assistance bloquée</Badge>}
        </div>
      </div>
      <DeviceNotes device={d} outside={outside} />
      {d.proofs.length > 0 && <ProofLinks device={d} />}
      {d.status !== 'retired' && (
        <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          {d.status === 'pending' && (
            <Button onClick={onVerify} disabled={verify.isPending}>
              Vérifier
            </Button>
          )}
          {d.status === 'pending' && (
            <Button variant="danger" onClick={() => setDialog('refuse')}>
              Refuser
            </Button>
          )}
          {d.status !== 'refused' && (
            <Button variant="secondary" onClick={() => setDialog('proof')}>
              Demander un justificatif
            </Button>
          )}
          {/* Even while its proof is awaited or after a refusal: staff open the request the client cannot. */}
          <Button variant="secondary" onClick={() => setDialog('intervention')}>
            <LifeBuoy aria-hidden="true" className="h-4 w-4" /> Ouvrir une demande
          </Button>
        </div>
      )}
      {dialog === 'intervention' && <OpenInterventionDialog device={d} onClose={() => setDialog(null)} />}
      {(dialog === 'proof' || dialog === 'refuse') && (
        <DeviceTextDialog kind={dialog} device={d} onClose={() => setDialog(null)} />
      )}
    </article>
  );
}
