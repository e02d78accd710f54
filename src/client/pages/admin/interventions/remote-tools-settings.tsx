import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { REMOTE_TOOL_LABELS, REMOTE_TOOLS } from '#shared/interventions/intervention-labels.ts';
import {
  remoteToolSettingsSchema,
  type RemoteToolSettings,
  type RemoteToolSettingsInput,
} from '#shared/interventions/remote-tools.ts';
import { Button } from '#client/components/ui/button.tsx';
import { TextField } from '#client/components/ui/field.tsx';
import { api, serverMessage } from '#client/lib/api.ts';
import { applyFieldErrors } from '#client/lib/form-errors.ts';
import { notify } from '#client/lib/notify.tsx';
import { adminKeys } from '#client/pages/admin/api/queries.ts';
import { useStaffSession } from '#client/pages/admin/api/session.ts';

const remoteToolsQueryOptions = queryOptions({
  queryKey: [...adminKeys.data, 'remote-tools'],
  queryFn: () => api<RemoteToolSettings>('/api/admin/remote-tools'),
});

/**
 * « Outils de prise en main »: the tools clients are offered in « Session à distance », and the company's RustDesk
 * server they are told to enter. Admins change them; technicians read them (they connect with those tools).
 */
export function RemoteToolsSettings() {
  const settings = useQuery(remoteToolsQueryOptions);
  const session = useStaffSession();
  return (
    <details className="mb-4 rounded-lg border border-slate-200 bg-white p-3 text-slate-800">
      <summary className="cursor-pointer font-medium">Outils de prise en main proposés aux clients</summary>
      {settings.data && <SettingsForm current={settings.data} canChange={session.data?.role === 'admin'} />}
    </details>
  );
}

function SettingsForm({ current, canChange }: { current: RemoteToolSettings; canChange: boolean }) {
  const client = useQueryClient();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<RemoteToolSettingsInput, unknown, RemoteToolSettings>({
    resolver: zodResolver(remoteToolSettingsSchema),
    defaultValues: current,
  });
  const save = useMutation({
    mutationFn: (input: RemoteToolSettings) =>
      api<RemoteToolSettings>('/api/admin/remote-tools', { method: 'PUT', json: input }),
    onSuccess: (data) => {
      client.setQueryData(remoteToolsQueryOptions.queryKey, data);
      notify('success', 'Réglage enregistré', 'Les clients voient désormais ces outils dans « Session à distance ».');
    },
    onError: (error) => {
      applyFieldErrors(error, setError, ['offered', 'rustdeskIdServer', 'rustdeskKey']);
      notify('error', 'Réglage non enregistré', serverMessage(error, 'Veuillez réessayer.'));
    },
  });
  return (
    <form noValidate onSubmit={handleSubmit((v) => save.mutate(v))} className="mt-3 space-y-4">
      <fieldset disabled={!canChange} className="space-y-4">
        <fieldset aria-describedby={errors.offered ? 'offered-error' : undefined}>
          <legend className="text-sm font-medium">Outils proposés</legend>
          <div className="mt-1 flex flex-wrap gap-x-5">
            {REMOTE_TOOLS.map((tool) => (
              <label key={tool} className="inline-flex min-h-11 items-center gap-2">
                <input type="checkbox" className="h-5 w-5" value={tool} {...register('offered')} />
                {REMOTE_TOOL_LABELS[tool]}
              </label>
            ))}
          </div>
          {errors.offered && (
            <p id="offered-error" className="text-sm text-red-700">
              {errors.offered.message}
            </p>
          )}
        </fieldset>
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            label="Serveur ID RustDesk"
            hint="Votre serveur hbbs, par exemple rd.exemple.fr. Vide : les serveurs publics de RustDesk."
            autoComplete="off"
            spellCheck={false}
            error={errors.rustdeskIdServer?.message}
            {...register('rustdeskIdServer')}
          />
          <TextField
            label="Clé publique RustDesk"
            hint="Le contenu du fichier id_ed25519.pub du serveur."
            autoComplete="off"
            spellCheck={false}
            error={errors.rustdeskKey?.message}
            {...register('rustdeskKey')}
          />
        </div>
      </fieldset>
      {canChange ? (
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Enregistrement...' : 'Enregistrer'}
        </Button>
      ) : (
        <p className="text-sm text-slate-600">Réglage réservé aux administrateurs.</p>
      )}
    </form>
  );
}
