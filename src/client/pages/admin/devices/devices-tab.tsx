import { useState } from 'react';
import type { AdminDeviceQuery } from '#shared/devices/device-api.ts';
import { DEVICE_STATUS_LABELS, DEVICE_STATUSES } from '#shared/devices/device-labels.ts';
import { SelectField } from '#client/components/ui/field.tsx';
import { useStaffSession } from '#client/pages/admin/api/session.ts';
import { DeviceList } from './device-list.tsx';
import { ProofPolicy } from './proof-policy.tsx';

type Status = NonNullable<AdminDeviceQuery['status']> | '';
const OPTIONS = [
  { value: 'to-check', label: 'Justificatifs à vérifier' },
  ...DEVICE_STATUSES.map((value) => ({ value, label: DEVICE_STATUS_LABELS[value] })),
  { value: '', label: 'Tous les appareils' },
];

/** « Appareils »: the proofs to check first, then any status. */
export function DevicesTab() {
  const [status, setStatus] = useState<Status>('to-check');
  const session = useStaffSession();
  return (
    <div className="space-y-4">
      <ProofPolicy canChange={session.data?.role === 'admin'} />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <h2 className="text-xl font-semibold text-slate-900">Appareils des clients</h2>
        <SelectField
          label="Afficher"
          className="sm:w-72"
          options={OPTIONS}
          value={status}
          onChange={(e) => setStatus(e.target.value as Status)}
        />
      </div>
      <DeviceList
        filter={{ status: status || undefined }}
        empty={
          status === 'to-check' ? 'Aucun justificatif à vérifier pour le moment.' : 'Aucun appareil dans cette liste.'
        }
      />
    </div>
  );
}
