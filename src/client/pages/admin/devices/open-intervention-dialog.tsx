import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { AdminDevice } from '#shared/devices/device-api.ts';
import { staffInterventionInputSchema, type StaffInterventionInput } from '#shared/interventions/intervention-input.ts';
import { DEVICE_STATUS_LABELS, REGISTRATION_DEVICE_LABELS } from '#shared/devices/device-labels.ts';
import { URGENCIES, URGENCY_LABELS } from '#shared/interventions/intervention-labels.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog } from '#client/components/ui/dialog.tsx';
import { SelectField, TextAreaField } from '#client/components/ui/field.tsx';
import { serverMessage } from '#client/lib/api.ts';
import { applyFieldErrors } from '#client/lib/form-errors.ts';
import { notify } from '#client/lib/notify.tsx';
import { useOpenIntervention } from '#client/pages/admin/interventions/intervention-mutations.ts';

const URGENCY_OPTIONS = URGENCIES.map((value) => ({ value, label: URGENCY_LABELS[value] }));

/** Why the client could not open this request themselves, when they could not: staff may (decision 022). */
function clientWaitsFor(d: AdminDevice) {
  if (d.status === 'refused')
    return 'Cet appareil a été refusé : le client ne peut pas demander d’aide pour lui, vous le pouvez.';
  if (d.blocked)
    return 'Son justificatif est attendu : le client ne peut pas demander d’aide pour cet appareil, vous le pouvez.';
  if (!d.covered)
    return 'Cet appareil est hors formule : le client ne peut pas demander d’aide pour lui, vous le pouvez.';
  return null;
}

/**
 * « Ouvrir une demande »: a request on the client's behalf (they phoned) for this device, with the client-area form's
 * fields, checked by the same shared schema as the server; the client finds it in their requests.
 */
export function OpenInterventionDialog({ device: d, onClose }: { device: AdminDevice; onClose(): void }) {
  const open = useOpenIntervention();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<StaffInterventionInput>({
    resolver: zodResolver(staffInterventionInputSchema),
    defaultValues: { clientId: d.clientId, deviceId: d.id, description: '', urgency: 'medium' },
  });
  const onSubmit = handleSubmit((values) =>
    open.mutate(values, {
      onSuccess: (created) => {
        notify(
          'success',
          `Demande #${created.id} ouverte`,
          `${d.clientName} la retrouve dans ses demandes ; elle est dans l’onglet Interventions.`,
        );
        onClose();
      },
      onError: (error) => {
        if (!applyFieldErrors(error, setError, ['description', 'urgency']))
          notify('error', 'Demande non ouverte', serverMessage(error, 'Veuillez réessayer.'));
      },
    }),
  );
  const note = clientWaitsFor(d);
  return (
    <Dialog
      open
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
      title="Ouvrir une demande"
      description={
        <>
          Pour <strong>{d.clientName}</strong>, sur l’appareil{' '}
          <strong className="break-words">{d.deviceInfo || REGISTRATION_DEVICE_LABELS[d.deviceType]}</strong> (
          {REGISTRATION_DEVICE_LABELS[d.deviceType]}, {DEVICE_STATUS_LABELS[d.status].toLowerCase()}).
        </>
      }
    >
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        {note && <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950">{note}</p>}
        <TextAreaField
          label="Problème décrit par le client"
          rows={4}
          autoFocus
          placeholder="Par exemple : l’ordinateur ne démarre plus depuis ce matin"
          error={errors.description?.message}
          {...register('description')}
        />
        <SelectField
          label="Urgence"
          options={URGENCY_OPTIONS}
          error={errors.urgency?.message}
          {...register('urgency')}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            Annuler
          </Button>
          <Button type="submit" disabled={open.isPending}>
            {open.isPending ? 'Envoi…' : 'Ouvrir la demande'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
