import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { Button, SubmitButton } from '#client/components/ui/button.tsx';
import { SelectField, TextField } from '#client/components/ui/field.tsx';
import { applyFieldErrors } from '#client/lib/form-errors.ts';
import { api } from '#client/lib/api.ts';
import { clientKeys } from '#client/pages/client/api/queries.ts';
import { REMOTE_TOOL_LABELS } from '#shared/interventions/intervention-labels.ts';
import { remoteSessionInputSchema, type RemoteSessionInput } from '#shared/interventions/remote-session.ts';
import { REMOTE_TOOL_SPECS, systemFromUserAgent, type RemoteToolSettings } from '#shared/interventions/remote-tools.ts';
import { RemoteToolGuide } from './remote-tool-guide.tsx';

const remoteToolsQueryOptions = queryOptions({
  queryKey: [...clientKeys.data, 'remote-tools'],
  queryFn: () => api<RemoteToolSettings>('/api/client/remote-tools'),
});

type Props = { sending: boolean; onSubmit(values: RemoteSessionInput): Promise<unknown>; onCancel(): void };

/**
 * « Session à distance »: which tool the client installed and the ID it shows. Never its password: the technician
 * asks for the one-time code on the phone when connecting, and it is never typed here.
 */
export function RemoteSessionForm(props: Props) {
  const settings = useQuery(remoteToolsQueryOptions);
  if (settings.isError) return <p className="text-sm text-red-700">Impossible de charger les outils : réessayez.</p>;
  return settings.data ? <ToolForm {...props} settings={settings.data} /> : null;
}

function ToolForm({ sending, onSubmit, onCancel, settings }: Props & { settings: RemoteToolSettings }) {
  const [system, setSystem] = useState(() => systemFromUserAgent(navigator.userAgent));
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors },
  } = useForm<RemoteSessionInput>({
    resolver: zodResolver(remoteSessionInputSchema),
    defaultValues: { remoteTool: settings.offered[0], remoteId: '' },
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
        label="Outil de prise en main"
        options={settings.offered.map((value) => ({ value, label: REMOTE_TOOL_LABELS[value] }))}
        error={errors.remoteTool?.message}
        {...register('remoteTool')}
      />
      <RemoteToolGuide tool={tool} system={system} onSystemChange={setSystem} settings={settings} />
      {!REMOTE_TOOL_SPECS[tool].id ? (
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
          hint={REMOTE_TOOL_SPECS[tool].id?.where}
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
        <SubmitButton disabled={sending}>{sending ? 'Envoi...' : 'Demander la session'}</SubmitButton>
      </div>
    </form>
  );
}
