import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '../../components/ui/button';
import { SelectField, TextAreaField, TextField } from '../../components/ui/field';
import { api, serverMessage } from '../../lib/api';
import { notify } from '../../lib/notify';
import { clientInterventionSchema, type ClientInterventionInput } from '../../../shared/schemas/intervention';
import { CLIENT_DEVICE_LABELS, CLIENT_DEVICE_TYPES, URGENCIES, URGENCY_LABELS } from '../../../shared/labels';

const URGENCY_OPTIONS = URGENCIES.map((value) => ({ value, label: URGENCY_LABELS[value] }));
const DEVICE_OPTIONS = CLIENT_DEVICE_TYPES.map((value) => ({ value, label: CLIENT_DEVICE_LABELS[value] }));

/** The 'Créer une demande' form: validated like the server, then posted; `onCreated` refreshes the list. */
export function InterventionForm({ onCreated, onCancel }: { onCreated(): void; onCancel(): void }) {
  const { register, handleSubmit, formState: { errors, isSubmitting } } = useForm<ClientInterventionInput>({
    resolver: zodResolver(clientInterventionSchema),
    defaultValues: { description: '', urgency: 'medium', deviceType: 'pc_windows', deviceInfo: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await api('/api/client/interventions', { method: 'POST', json: values });
      notify('success', 'Demande créée', 'Un technicien va s’occuper de votre demande.');
      onCreated();
    } catch (error) {
      notify('error', 'Erreur', serverMessage(error, 'Erreur lors de la création de la demande'));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <TextAreaField label="Décrivez votre problème" placeholder="Par exemple : mon ordinateur est très lent depuis hier"
        error={errors.description?.message} {...register('description')} />
      <SelectField label="Urgence" options={URGENCY_OPTIONS} error={errors.urgency?.message} {...register('urgency')} />
      <SelectField label="Type d'appareil" options={DEVICE_OPTIONS} error={errors.deviceType?.message} {...register('deviceType')} />
      <TextField label="Votre appareil" placeholder="Par exemple : PC HP sous Windows 11"
        hint="La marque, le modèle ou le système, si vous les connaissez."
        error={errors.deviceInfo?.message} {...register('deviceInfo')} />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>Annuler</Button>
        <Button type="submit" disabled={isSubmitting}>{isSubmitting ? 'Envoi...' : 'Envoyer la demande'}</Button>
      </div>
    </form>
  );
}
