import { ApiRequestError, serverMessage } from '#client/lib/api.ts';
import { notify } from '#client/lib/notify.tsx';
import type { Device } from '#shared/devices/device-api.ts';
import { useCoverDevice, useRetireDevice } from './device-api.ts';

/** Cover a device in place of another, or retire it; each tells its outcome (a lapsed session is told elsewhere). */
export function useDeviceActions(d: Device) {
  const retire = useRetireDevice();
  const cover = useCoverDevice();
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
  const onRetire = () =>
    retire.mutate(d.id, {
      onSuccess: () => notify('success', 'Appareil retiré', 'Il ne compte plus dans votre formule.'),
      onError: (error) => {
        if (error instanceof ApiRequestError && error.status === 401) return;
        notify('error', 'Erreur', serverMessage(error, 'Impossible de retirer cet appareil'));
      },
    });
  return { onCover, covering: cover.isPending, onRetire, retiring: retire.isPending };
}
