import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { deviceInputSchema, type DeviceInput } from '#shared/devices/device-api.ts';
import { REGISTRATION_DEVICE_LABELS, REGISTRATION_DEVICE_TYPES } from '#shared/devices/device-labels.ts';
import { SubmitButton } from '#client/components/ui/button.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { SelectField, TextField } from '#client/components/ui/field.tsx';
import { ApiRequestError, serverMessage } from '#client/lib/api.ts';
import { applyFieldErrors } from '#client/lib/form-errors.ts';
import { notify } from '#client/lib/notify.tsx';
import { useAddDevice } from './device-api.ts';

const TYPE_OPTIONS = REGISTRATION_DEVICE_TYPES.map((value) => ({ value, label: REGISTRATION_DEVICE_LABELS[value] }));

/** « Ajouter un appareil »: the registration's fields, the same schema as the server. */
export function AddDeviceForm() {
  const add = useAddDevice();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<DeviceInput>({
    resolver: zodResolver(deviceInputSchema),
    defaultValues: { deviceType: 'windows-pc', deviceInfo: '' },
  });
  const onSubmit = handleSubmit((values) =>
    add.mutate(values, {
      onSuccess: () => {
        notify('success', 'Appareil ajouté', 'Il est maintenant couvert par votre formule.');
        reset();
      },
      onError: (error) => {
        if (error instanceof ApiRequestError && error.status === 401) return;
        if (!applyFieldErrors(error, setError, ['deviceType', 'deviceInfo']))
          notify('error', 'Ajout impossible', serverMessage(error, 'Impossible d’ajouter cet appareil'));
      },
    }),
  );
  return (
    <Card as="section" aria-labelledby="ajout-appareil" className="p-4">
      <h3 id="ajout-appareil" className="font-semibold text-slate-900">
        Ajouter un appareil
      </h3>
      <form noValidate onSubmit={onSubmit} className="mt-3 grid gap-3 sm:grid-cols-[1fr_2fr_auto] sm:items-end">
        <SelectField
          label="Type d’appareil"
          options={TYPE_OPTIONS}
          error={errors.deviceType?.message}
          {...register('deviceType')}
        />
        <TextField
          label="Marque et modèle"
          placeholder="Par exemple : HP Pavilion 15"
          error={errors.deviceInfo?.message}
          {...register('deviceInfo')}
        />
        <SubmitButton disabled={add.isPending}>{add.isPending ? 'Ajout...' : 'Ajouter'}</SubmitButton>
      </form>
    </Card>
  );
}
