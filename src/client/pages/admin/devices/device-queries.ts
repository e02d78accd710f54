import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminDevice, AdminDeviceQuery } from '#shared/devices/device-api.ts';
import { api } from '#client/lib/api.ts';
import { adminKeys } from '#client/pages/admin/api/queries.ts';

/** Every device list: the Appareils tab and a customer's page (its devices and proofs). */
export const devicesKey = [...adminKeys.data, 'devices'] as const;

export const adminDevicesQueryOptions = (filter: AdminDeviceQuery) => {
  const search = new URLSearchParams(
    Object.entries(filter)
      .filter(([, v]) => v !== undefined && v !== '')
      .map(([k, v]) => [k, String(v)]),
  );
  return queryOptions({
    queryKey: [...devicesKey, filter],
    queryFn: () => api<AdminDevice[]>(`/api/admin/devices${search.size ? `?${search}` : ''}`),
  });
};

function useDeviceAction<V>(call: (input: V) => Promise<AdminDevice>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => client.invalidateQueries({ queryKey: devicesKey }) });
}

export const useVerifyDevice = () =>
  useDeviceAction((id: number) => api<AdminDevice>(`/api/admin/devices/${id}/verify`, { method: 'POST' }));
export const useRefuseDevice = () =>
  useDeviceAction(({ id, reason }: { id: number; reason: string }) =>
    api<AdminDevice>(`/api/admin/devices/${id}/refuse`, { method: 'POST', json: { reason } }),
  );
export const useRequestProof = () =>
  useDeviceAction(({ id, message }: { id: number; message: string }) =>
    api<AdminDevice>(`/api/admin/devices/${id}/request-proof`, { method: 'POST', json: { message } }),
  );
