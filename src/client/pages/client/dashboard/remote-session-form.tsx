import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '#client/components/ui/button.tsx';
import { SelectField, TextField } from '#client/components/ui/field.tsx';
import { applyFieldErrors } from '#client/lib/form-errors.ts';
import { REMOTE_TOOL_LABELS, REMOTE_TOOLS } from '#shared/interventions/intervention-labels.ts';
import { remoteSessionInputSchema, type RemoteSessionInput } from '#shared/interventions/remote-session.ts';

const TOOL_OPTIONS = REMOTE_TOOLS.map((value) => ({ value, label: REMOTE_TOOL_LABELS[value] }));
const ID_HINTS: Record<RemoteSessionInput['remoteTool'], string> = {
  rustdesk: 'Affiché sous « Votre bureau » dans RustDesk, par exemple 123 456 789.',
  anydesk: 'Affiché sous « Votre adresse » dans AnyDesk, par exemple 123 456 789.',
  teamviewer: 'Affiché sous « Votre ID » dans TeamViewer, par exemple 1 234 567 890.',
  quick_assist: '',
};

type Props = { sending: boolean; onSubmit(values: RemoteSessionInput): Promise<unknown>; onCancel(): void };

/**
 * « Session à distance »: which tool the client installed and the ID it shows. Never its password: the technician
 * asks for the one-time code on the phone when connecting, and it is never typed here.
 */
export function RemoteSessionForm({ sending, onSubmit, onCancel }: Props) {
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors },
  } = useForm<RemoteSessionInput>({
    resolver: zodResolver(remoteSessionInputSchema),
    defaultValues: { remoteTool: 'rustdesk', remoteId: '' },
  });
  const tool = useWatch({ control, name: 'remoteTool' });
  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      // What was typed stays; the server's message goes under its field (the parent notifies the rest).
      applyFieldErrors(error, setError, ['remoteTool', 'remoteId']);
    }
  });
  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <SelectField
        label="Outil de prise en main installé"
        options={TOOL_OPTIONS}
        error={errors.remoteTool?.message}
        {...register('remoteTool')}
      />
      {tool === 'quick_assist' ? (
        <p className="rounded-lg bg-sky-50 p-3 text-sm text-sky-950">
          Avec l’Assistance rapide de Windows, c’est le technicien qui vous donnera un code à saisir : rien à indiquer
          ici.
        </p>
      ) : (
        <TextField
          label={`Identifiant ${REMOTE_TOOL_LABELS[tool] ?? ''}`}
          inputMode="text"
          autoComplete="off"
          spellCheck={false}
          hint={ID_HINTS[tool]}
          error={errors.remoteId?.message}
          {...register('remoteId')}
        />
      )}
      <p className="text-sm text-slate-600">
        Gardez pour vous le mot de passe de votre espace client : le technicien vous demandera seulement le code
        temporaire que l’outil affiche, au moment de se connecter.
      </p>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          Annuler
        </Button>
        <Button type="submit" disabled={sending}>
          {sending ? 'Envoi...' : 'Demander la session'}
        </Button>
      </div>
    </form>
  );
}
