import { useState } from 'react';
import { Laptop } from 'lucide-react';
import type { Device } from '#shared/devices/device-api.ts';
import { DEVICE_STATUS_LABELS, type DeviceStatus } from '#shared/devices/device-labels.ts';
import { formatDate } from '#shared/format.ts';
import { Badge, type BadgeTone } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { LazyConfirmDialog } from '#client/components/ui/lazy-dialog.tsx';
import { deviceName, deviceTypeLabel, inUse } from './device-api.ts';
import { ProofUpload } from './proof-upload.tsx';
import { useDeviceActions } from './use-device-actions.ts';

const TONES: Record<DeviceStatus, BadgeTone> = {
  pending: 'amber',
  verified: 'green',
  refused: 'red',
  retired: 'slate',
};

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

/** One device as its owner sees it: its state, what it waits for, and cover / prove / retire. */
export function DeviceCard({ device: d }: { device: Device }) {
  const { onCover, covering, onRetire, retiring } = useDeviceActions(d);
  const outside = inUse(d) && !d.covered;
  const [confirming, setConfirming] = useState(false);
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
            <Button onClick={onCover} disabled={covering}>
              Couvrir cet appareil
            </Button>
          )}
          {(d.status === 'pending' || d.status === 'refused') && <ProofUpload device={d} />}
          <Button variant="secondary" onClick={() => setConfirming(true)} disabled={retiring}>
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
