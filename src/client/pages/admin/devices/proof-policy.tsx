import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeviceSettings } from '#shared/devices/device-api.ts';
import { api, serverMessage } from '#client/lib/api.ts';
import { notify } from '#client/lib/notify.tsx';
import { adminKeys } from '#client/pages/admin/api/queries.ts';

const deviceSettingsQueryOptions = queryOptions({
  queryKey: [...adminKeys.data, 'device-settings'],
  queryFn: () => api<DeviceSettings>('/api/admin/device-settings'),
});

/** « Justificatif obligatoire pour tout nouvel appareil »: admins change it, technicians read it. */
export function ProofPolicy({ canChange }: { canChange: boolean }) {
  const client = useQueryClient();
  const settings = useQuery(deviceSettingsQueryOptions);
  const update = useMutation({
    mutationFn: (input: DeviceSettings) =>
      api<DeviceSettings>('/api/admin/device-settings', { method: 'PUT', json: input }),
    onSuccess: (data) => client.setQueryData(deviceSettingsQueryOptions.queryKey, data),
  });
  if (!settings.data) return null;
  const onChange = (proofRequired: boolean) =>
    update.mutate(
      { proofRequired },
      {
        onSuccess: () =>
          notify(
            'success',
            'Réglage enregistré',
            proofRequired
              ? 'Un justificatif sera demandé pour chaque nouvel appareil.'
              : 'Les nouveaux appareils ne demandent plus de justificatif d’office.',
          ),
        onError: (error) => notify('error', 'Réglage non enregistré', serverMessage(error, 'Veuillez réessayer.')),
      },
    );
  return (
    <label className="flex items-start gap-3 rounded-lg border border-slate-200 bg-white p-3 text-slate-800">
      <input
        type="checkbox"
        className="mt-1 h-5 w-5"
        checked={settings.data.proofRequired}
        disabled={!canChange || update.isPending}
        onChange={(e) => onChange(e.target.checked)}
      />
      <span>
        <span className="font-medium">Justificatif obligatoire pour tout nouvel appareil</span>
        <span className="block text-sm text-slate-600">
          L’assistance sur un nouvel appareil attend alors la vérification de sa preuve d’achat.
          {canChange ? '' : ' Réglage réservé aux administrateurs.'}
        </span>
      </span>
    </label>
  );
}
