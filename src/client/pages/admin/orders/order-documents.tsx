import { useState } from 'react';
import { FileDown } from 'lucide-react';
import { formatDate, formatEuro } from '#shared/format.ts';
import { DOCUMENT_KIND_LABELS } from '#shared/billing/billing-labels.ts';
import type { IssuedDocumentDto } from '#shared/billing/invoice-api.ts';
import { Button } from '#client/components/ui/button.tsx';
import { notify } from '#client/lib/notify.tsx';
import { downloadFile } from '#client/pages/admin/api/save-blob.ts';

/** The order's issued invoice and credit notes, each with its PDF as issued. */
/** The provider's refund statuses, as staff read them. */
const REFUND_STATES: Record<string, string> = {
  succeeded: 'Remboursé sur la carte via Stripe',
  pending: 'Remboursement Stripe en cours',
  requires_action: 'Remboursement Stripe en attente d’une action',
};

export function OrderDocuments({ documents, clientName }: { documents: IssuedDocumentDto[]; clientName: string }) {
  const [busy, setBusy] = useState<number | null>(null);
  if (!documents.length) {
    return (
      <p className="text-sm text-slate-600">Pas encore de facture : elle est émise le jour où la commande est payée.</p>
    );
  }

  async function download(doc: IssuedDocumentDto) {
    setBusy(doc.id);
    const label = `${DOCUMENT_KIND_LABELS[doc.kind]} n° ${doc.number}`;
    try {
      await downloadFile(
        `/api/admin/documents/${doc.id}/pdf`,
        `${DOCUMENT_KIND_LABELS[doc.kind]}_${doc.number}_${clientName}.pdf`,
      );
      notify('success', 'PDF téléchargé', `${label} de ${clientName}`);
    } catch (error) {
      notify('error', 'Impossible de télécharger le PDF', error instanceof Error ? error.message : undefined);
    } finally {
      setBusy(null);
    }
  }

  return (
    <ul className="space-y-2" aria-label="Factures et avoirs">
      {documents.map((doc) => (
        <li key={doc.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <span>
            <span className="font-medium text-slate-900">
              {DOCUMENT_KIND_LABELS[doc.kind]} n° {doc.number}
            </span>
            <span className="text-slate-600"> du {formatDate(doc.issuedOn)} · </span>
            <span className="tabular-nums text-slate-900">
              {doc.kind === 'credit_note' ? `− ${formatEuro(doc.totalTtc)}` : formatEuro(doc.totalTtc)}
            </span>
            {doc.refund && (
              <span className="block text-slate-600">
                {REFUND_STATES[doc.refund.status] ?? `Remboursement Stripe : ${doc.refund.status}`} ·{' '}
                <span className="whitespace-nowrap">
                  réf. <span className="font-mono">{doc.refund.id}</span>
                </span>
              </span>
            )}
          </span>
          <Button
            size="sm"
            variant="secondary"
            onClick={() => void download(doc)}
            disabled={busy === doc.id}
            aria-label={`Télécharger ${DOCUMENT_KIND_LABELS[doc.kind].toLowerCase()} ${doc.number} (PDF)`}
          >
            <FileDown aria-hidden="true" className="h-4 w-4" /> PDF
          </Button>
        </li>
      ))}
    </ul>
  );
}
