import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { UPLOAD_HEADER, type Device, type DeviceInput } from '#shared/devices/device-api.ts';
import { isDeviceInUse, REGISTRATION_DEVICE_LABELS } from '#shared/devices/device-labels.ts';
import { api } from '#client/lib/api.ts';
import { clientKeys } from '#client/pages/client/api/queries.ts';

const devicesKey = [...clientKeys.data, 'devices'] as const;

/** « Mes appareils »: every device of the client, in use first. */
export const devicesQueryOptions = queryOptions({
  queryKey: devicesKey,
  queryFn: () => api<Device[]>('/api/client/devices'),
});

export const inUse = (d: Device) => isDeviceInUse(d);
export const deviceTypeLabel = (d: Pick<Device, 'deviceType'>) => REGISTRATION_DEVICE_LABELS[d.deviceType];
/** « MacBook Air · MacBook (Air/Pro) »: the client's words first; a dot, as the type's label has its own brackets. */
export const deviceName = (d: Pick<Device, 'deviceType' | 'deviceInfo'>) => `${d.deviceInfo} · ${deviceTypeLabel(d)}`;

function useDeviceMutation<V>(call: (input: V) => Promise<Device>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => client.invalidateQueries({ queryKey: devicesKey }) });
}

export const useAddDevice = () =>
  useDeviceMutation((input: DeviceInput) => api<Device>('/api/client/devices', { method: 'POST', json: input }));
export const useRetireDevice = () =>
  useDeviceMutation((id: number) => api<Device>(`/api/client/devices/${id}/retire`, { method: 'POST' }));
/** After a change to a plan with fewer devices: this one stays covered, another becomes « hors formule ». */
export const useCoverDevice = () =>
  useDeviceMutation((id: number) => api<Device>(`/api/client/devices/${id}/cover`, { method: 'POST' }));

/** The proof as multipart (docs/decisions/019), with the header a cross-site form cannot send. */
export const useUploadProof = () =>
  useDeviceMutation(({ id, file }: { id: number; file: File }) => {
    const body = new FormData();
    body.append('file', file);
    return api<Device>(`/api/client/devices/${id}/proofs`, { method: 'POST', body, headers: { [UPLOAD_HEADER]: '1' } });
  });
