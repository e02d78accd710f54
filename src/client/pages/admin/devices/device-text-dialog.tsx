import { useForm } from 'react-hook-form';
import { deviceRefusalInputSchema, proofRequestInputSchema, type AdminDevice } from '#shared/devices/device-api.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog } from '#client/components/ui/dialog.tsx';
import { TextAreaField } from '#client/components/ui/field.tsx';
import { serverMessage } from '#client/lib/api.ts';
import { applyFieldErrors } from '#client/lib/form-errors.ts';
import { notify } from '#client/lib/notify.tsx';
import { useRefuseDevice, useRequestProof } from './device-queries.ts';

const KINDS = {
  proof: {
    schema: proofRequestInputSchema,
    field: 'message',
    label: 'Ce que le client doit envoyer',
    confirm: 'Demander et prévenir',
    done: 'Justificatif demandé',
    title: 'Demander un justificatif',
    initial: 'Une photo ou un PDF de la facture d’achat de cet appareil, à votre nom.',
    description: (d: AdminDevice) =>
      `${d.clientEmail} recevra ce message ; l’assistance sur cet appareil attendra la vérification.`,
  },
  refuse: {
    schema: deviceRefusalInputSchema,
    field: 'reason',
    label: 'Raison du refus',
    confirm: 'Refuser et prévenir',
    done: 'Appareil refusé',
    title: 'Refuser cet appareil',
    initial: '',
    description: (d: AdminDevice) =>
      `${d.clientEmail} recevra la raison ; l’assistance sur cet appareil restera bloquée.`,
  },
} as const;

/** « Demander un justificatif » (a message) or « Refuser » (a reason): both e-mailed to the client, checked by the shared schema. */
export function DeviceTextDialog({
  kind,
  device,
  onClose,
}: {
  kind: keyof typeof KINDS;
  device: AdminDevice;
  onClose(): void;
}) {
  const k = KINDS[kind];
  const refuse = useRefuseDevice();
  const ask = useRequestProof();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<{ message: string; reason: string }>({
    defaultValues: { message: k.initial, reason: k.initial },
  });
  const onSubmit = handleSubmit((values) => {
    const parsed = k.schema.safeParse({ [k.field]: values[k.field] });
    if (!parsed.success) {
      setError(k.field, { type: 'validate', message: parsed.error.issues[0]?.message });
      return;
    }
    const text = values[k.field];
    const options = {
      onSuccess: () => {
        notify('success', k.done, `${device.clientName} est prévenu par e-mail.`);
        onClose();
      },
      onError: (error: Error) => {
        if (!applyFieldErrors(error, setError, [k.field]))
          notify('error', 'Action impossible', serverMessage(error, 'Veuillez réessayer.'));
      },
    };
    if (kind === 'refuse') refuse.mutate({ id: device.id, reason: text }, options);
    else ask.mutate({ id: device.id, message: text }, options);
  });
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={k.title}
      description={k.description(device)}
    >
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <TextAreaField
          label={k.label}
          rows={3}
          maxLength={500}
          autoFocus
          error={errors[k.field]?.message}
          {...register(k.field)}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            Annuler
          </Button>
          <Button
            type="submit"
            variant={kind === 'refuse' ? 'danger' : 'primary'}
            disabled={refuse.isPending || ask.isPending}
          >
            {k.confirm}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
