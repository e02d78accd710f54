import { ExternalLink, MonitorSmartphone } from 'lucide-react';
import type { AdminInterventionDto } from '#shared/interventions/intervention-api.ts';
import { REMOTE_TOOL_LABELS } from '#shared/interventions/intervention-labels.ts';
import { formatRemoteId, remoteLink } from '#shared/interventions/remote-session.ts';
import { CopyButton } from '#client/components/ui/copy-button.tsx';
import { notify } from '#client/lib/notify.tsx';

/**
 * The tool and ID the client gave for « Session à distance »: copied in one click, opened directly where the tool
 * documents a link (RustDesk, AnyDesk; shared/interventions/remote-tools.ts).
 */
export function RemoteSessionDetails({ intervention: i }: { intervention: AdminInterventionDto }) {
  if (!i.remoteTool) return null;
  const link = remoteLink(i.remoteTool, i.remoteId);
  return (
    <div
      className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg bg-sky-50 px-3 py-2 text-sm text-sky-950"
      data-testid="remote-session"
    >
      <MonitorSmartphone aria-hidden="true" className="h-4 w-4 shrink-0" />
      <span className="font-medium">{REMOTE_TOOL_LABELS[i.remoteTool] ?? i.remoteTool}</span>
      {i.remoteId ? (
        <>
          <span className="font-mono text-base tabular-nums">{formatRemoteId(i.remoteId)}</span>
          <CopyButton
            value={i.remoteId}
            label="Copier l’identifiant"
            onError={() => notify('error', 'Copie impossible', 'Sélectionnez l’identifiant et copiez-le.')}
          />
          {link && (
            <a href={link} className="inline-flex items-center gap-1 font-medium text-sky-800 underline">
              <ExternalLink aria-hidden="true" className="h-4 w-4" /> Ouvrir dans {REMOTE_TOOL_LABELS[i.remoteTool]}
            </a>
          )}
        </>
      ) : (
        <span>le client attend un code d’Assistance rapide de votre part</span>
      )}
    </div>
  );
}
