import { useQuery } from '@tanstack/react-query';
import { useForm, useWatch, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, SubmitButton } from '#client/components/ui/button.tsx';
import { SelectField, TextAreaField, TextField } from '#client/components/ui/field.tsx';
import { ApiRequestError, serverMessage } from '#client/lib/api.ts';
import { applyFieldErrors } from '#client/lib/form-errors.ts';
import { notify } from '#client/lib/notify.tsx';
import {
  clientInterventionInputSchema,
  type ClientInterventionInput,
} from '#shared/interventions/intervention-input.ts';
import { CLIENT_DEVICE_LABELS, CLIENT_DEVICE_TYPES } from '#shared/devices/device-labels.ts';
import { URGENCIES, URGENCY_LABELS } from '#shared/interventions/intervention-labels.ts';
import { useCreateClientIntervention } from '#client/pages/client/api/intervention-mutations.ts';
import { devicesQueryOptions } from '#client/pages/client/devices/device-api.ts';
import {
  DevicePicker,
  preselectedDevice,
  devicesForIntervention,
} from '#client/pages/client/devices/device-picker.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import type { Device } from '#shared/devices/device-api.ts';
import { HelpSuggestions } from '#client/pages/client/common/help-suggestions.tsx';

const URGENCY_OPTIONS = URGENCIES.map((value) => ({ value, label: URGENCY_LABELS[value] }));
const DEVICE_OPTIONS = CLIENT_DEVICE_TYPES.map((value) => ({ value, label: CLIENT_DEVICE_LABELS[value] }));
const FIELDS = ['description', 'urgency', 'deviceId', 'deviceType', 'deviceInfo'] as const;

/**
 * The 'Créer une demande' form (docs/specification.md §2 « Client dashboard »): validated like the server, then posted;
 * the lists refresh.
 */
export function InterventionForm({ onCreated, onCancel }: { onCreated(): void; onCancel(): void }) {
  const devices = useQuery(devicesQueryOptions);
  if (devices.isPending)
    return (
      <div className="flex justify-center py-8">
        <Spinner />
      </div>
    );
  return <InterventionFields devices={devices.data ?? []} onCreated={onCreated} onCancel={onCancel} />;
}

/** With devices, the request names one of them; without (an account from before devices), its type and description. */
function InterventionFields({
  devices,
  onCreated,
  onCancel,
}: {
  devices: Device[];
  onCreated(): void;
  onCancel(): void;
}) {
  const create = useCreateClientIntervention();
  const withDevices = devicesForIntervention(devices).length > 0;
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm<ClientInterventionInput>({
    resolver: zodResolver(clientInterventionInputSchema),
    defaultValues: withDevices
      ? { description: '', urgency: 'medium', deviceId: preselectedDevice(devices) }
      : { description: '', urgency: 'medium', deviceType: 'pc_windows', deviceInfo: '' },
  });

  const description = useWatch({ control, name: 'description' }) ?? '';
  const onSubmit = handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: () => {
        notify('success', 'Demande créée', 'Un technicien va s’occuper de votre demande.');
        onCreated();
      },
      onError: (error) => {
        // A 401 is answered once for the whole client area (query-client.tsx); what was typed stays in place otherwise.
        if (error instanceof ApiRequestError && error.status === 401) return;
        applyFieldErrors(error, setError, FIELDS);
        notify('error', 'Erreur', serverMessage(error, 'Erreur lors de la création de la demande'));
      },
    }),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <TextAreaField
        label="Décrivez votre problème"
        placeholder="Par exemple : mon ordinateur est très lent depuis hier"
        error={errors.description?.message}
        {...register('description')}
      />
      <HelpSuggestions
        text={description}
        onSolved={onCancel}
        onSend={() => void onSubmit()}
        sending={create.isPending}
      />
      <SelectField label="Urgence" options={URGENCY_OPTIONS} error={errors.urgency?.message} {...register('urgency')} />
      <DeviceFields devices={withDevices ? devices : null} register={register} errors={errors} />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          Annuler
        </Button>
        <SubmitButton disabled={create.isPending}>{create.isPending ? 'Envoi...' : 'Envoyer la demande'}</SubmitButton>
      </div>
    </form>
  );
}

/** The device the request is about: one of the client's, or, without any, its type and a description. */
function DeviceFields({
  devices,
  register,
  errors,
}: {
  devices: Device[] | null;
  register: UseFormRegister<ClientInterventionInput>;
  errors: FieldErrors<ClientInterventionInput>;
}) {
  if (devices)
    return (
      <DevicePicker
        devices={devices}
        error={errors.deviceId?.message}
        {...register('deviceId', { valueAsNumber: true })}
      />
    );
  return (
    <>
      <SelectField
        label="Type d'appareil"
        options={DEVICE_OPTIONS}
        error={errors.deviceType?.message}
        {...register('deviceType')}
      />
      <TextField
        label="Votre appareil"
        placeholder="Par exemple : PC HP sous Windows 11"
        hint={
          'La marque et le modèle si vous les connaissez\u00a0; sinon, quelques mots suffisent\u00a0: «\u00a0ordinateur portable gris\u00a0».'
        }
        error={errors.deviceInfo?.message}
        {...register('deviceInfo')}
      />
    </>
  );
}
