import { useState } from 'react';
import { Download, Eye, FileText, ExternalLink } from 'lucide-react';
import { PROOF_INLINE_TYPES, type AdminDevice } from '#shared/devices/device-api.ts';
import { formatDateTime } from '#shared/format.ts';
import { Dialog } from '#client/components/ui/dialog.tsx';
import { buttonClass } from '#client/components/ui/button.tsx';

type Proof = AdminDevice['proofs'][number];

const kb = (size: number) => `${Math.max(1, Math.round(size / 1024))} Ko`;
const fileUrl = (p: Proof, inline = false) => `/api/admin/device-proofs/${p.id}${inline ? '?inline=1' : ''}`;
const link = 'inline-flex items-center gap-1 rounded font-medium text-brand-700 underline hover:text-brand-800';

/**
 * A device's proofs: « Voir » shows a photo in a dialog or opens a PDF in a new tab, both served inline under a
 * sandbox (routes/admin/devices.ts); « Télécharger » keeps the file; any other type is only downloaded.
 */
export function ProofLinks({ device }: { device: AdminDevice }) {
  const [shown, setShown] = useState<Proof | null>(null);
  return (
    <>
      <ul className="mt-2 space-y-2 text-sm">
        {device.proofs.map((p) => {
          const viewable = PROOF_INLINE_TYPES.includes(p.mimeType);
          return (
            <li key={p.id}>
              <p className="flex items-start gap-1.5 text-slate-800">
                <FileText aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" />
                <span className="min-w-0 break-words font-medium">{p.name}</span>
              </p>
              <p className="ml-5.5 flex flex-wrap items-center gap-x-3 gap-y-1">
                <span className="text-slate-600">
                  {kb(p.size)}, reçu le {formatDateTime(p.uploadedAt)}
                </span>
                {viewable && p.mimeType.startsWith('image/') && (
                  <button type="button" className={link} aria-label={`Voir ${p.name}`} onClick={() => setShown(p)}>
                    <Eye aria-hidden="true" className="h-4 w-4" /> Voir
                  </button>
                )}
                {viewable && !p.mimeType.startsWith('image/') && (
                  <a
                    className={link}
                    href={fileUrl(p, true)}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`Voir ${p.name} (nouvel onglet)`}
                  >
                    <ExternalLink aria-hidden="true" className="h-4 w-4" /> Voir
                  </a>
                )}
                <a className={link} href={fileUrl(p)} download aria-label={`Télécharger ${p.name}`}>
                  <Download aria-hidden="true" className="h-4 w-4" /> Télécharger
                </a>
              </p>
            </li>
          );
        })}
      </ul>
      {shown && <ProofImageDialog device={device} proof={shown} onClose={() => setShown(null)} />}
    </>
  );
}

function ProofImageDialog({ device, proof, onClose }: { device: AdminDevice; proof: Proof; onClose(): void }) {
  const [failed, setFailed] = useState(false);
  return (
    <Dialog
      open
      wide
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={<span className="break-all">{proof.name}</span>}
      description={`${device.clientName} · ${device.deviceInfo || 'appareil'} · reçu le ${formatDateTime(proof.uploadedAt)}`}
    >
      {failed ? (
        <p role="alert" className="rounded-lg bg-amber-50 p-4 text-amber-950">
          Impossible d’afficher cette image ici : téléchargez-la pour l’ouvrir.
        </p>
      ) : (
        <div className="flex justify-center rounded-lg bg-slate-100 p-2">
          <img
            src={fileUrl(proof, true)}
            alt={`Justificatif envoyé par ${device.clientName} pour ${device.deviceInfo || 'cet appareil'}`}
            className="max-h-[65vh] w-auto max-w-full object-contain"
            onError={() => setFailed(true)}
            data-testid="proof-image"
          />
        </div>
      )}
      <div className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <a className={buttonClass('secondary')} href={fileUrl(proof, true)} target="_blank" rel="noopener noreferrer">
          <ExternalLink aria-hidden="true" className="h-4 w-4" /> Ouvrir dans un onglet
        </a>
        <a className={buttonClass('secondary')} href={fileUrl(proof)} download>
          <Download aria-hidden="true" className="h-4 w-4" /> Télécharger
        </a>
        <button type="button" className={buttonClass('primary')} onClick={onClose}>
          Fermer
        </button>
      </div>
    </Dialog>
  );
}
