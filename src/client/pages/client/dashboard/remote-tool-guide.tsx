import { Download } from 'lucide-react';
import { REMOTE_TOOL_LABELS, type RemoteTool } from '#shared/interventions/intervention-labels.ts';
import {
  CLIENT_SYSTEM_LABELS,
  CLIENT_SYSTEMS,
  REMOTE_TOOL_SPECS,
  type ClientSystem,
  type RemoteToolSettings,
} from '#shared/interventions/remote-tools.ts';
import { CopyButton } from '#client/components/ui/copy-button.tsx';
import { notify } from '#client/lib/notify.tsx';

type Props = {
  tool: RemoteTool;
  system: ClientSystem;
  onSystemChange(system: ClientSystem): void;
  settings: RemoteToolSettings;
};

/**
 * Before the ID: the client's system (guessed from the browser, switchable), where to download the official program
 * for it, and for RustDesk the company's server to enter, so a client without a tool can still get one.
 */
export function RemoteToolGuide({ tool, system, onSystemChange, settings }: Props) {
  const download = REMOTE_TOOL_SPECS[tool].download[system];
  const label = REMOTE_TOOL_LABELS[tool];
  return (
    <div className="space-y-3 rounded-lg bg-sky-50 p-3 text-sm text-sky-950" data-testid="remote-tool-guide">
      <fieldset>
        <legend className="font-medium">Votre ordinateur&nbsp;:</legend>
        <div className="flex gap-x-6">
          {CLIENT_SYSTEMS.map((s) => (
            <label key={s} className="inline-flex min-h-11 items-center gap-2">
              <input
                type="radio"
                name="remote-system"
                className="h-5 w-5"
                checked={system === s}
                onChange={() => onSystemChange(s)}
              />
              {CLIENT_SYSTEM_LABELS[s]}
            </label>
          ))}
        </div>
      </fieldset>
      {download ? (
        <p>
          1.{' '}
          <a
            href={download}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 font-medium text-sky-900 underline"
          >
            <Download aria-hidden="true" className="h-4 w-4" />
            Télécharger {tool === 'teamviewer' ? 'TeamViewer QuickSupport' : label} pour {CLIENT_SYSTEM_LABELS[system]}
          </a>{' '}
          (site officiel), puis ouvrez-le.
        </p>
      ) : (
        <p>
          {label} n’existe pas sur {CLIENT_SYSTEM_LABELS[system]}&nbsp;: choisissez un autre outil.
        </p>
      )}
      {tool === 'rustdesk' && settings.rustdeskIdServer && <RustdeskServer settings={settings} />}
    </div>
  );
}

/** RustDesk's « Réseau » settings, as its documentation names them: our ID server and its public key. */
function RustdeskServer({ settings }: { settings: RemoteToolSettings }) {
  const rows = [
    { name: 'Serveur ID', value: settings.rustdeskIdServer },
    { name: 'Clé', value: settings.rustdeskKey },
  ];
  return (
    <div data-testid="rustdesk-server">
      <p>
        2. Dans RustDesk, ouvrez le menu ⋮ à côté de votre identifiant, puis «&nbsp;Réseau&nbsp;», et saisissez&nbsp;:
      </p>
      <dl className="mt-2 space-y-1">
        {rows.map((r) => (
          <div key={r.name} className="flex flex-wrap items-center gap-2">
            <dt className="w-24 shrink-0">{r.name}</dt>
            <dd className="flex min-w-0 items-center gap-2">
              <span className="min-w-0 font-mono break-all">{r.value}</span>
              <CopyButton
                value={r.value}
                label={`Copier : ${r.name}`}
                onError={() => notify('error', 'Copie impossible', 'Sélectionnez le texte et copiez-le.')}
              />
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-2">Laissez les autres champs vides, puis validez.</p>
    </div>
  );
}
