import { useQuery } from '@tanstack/react-query';
import type { AuditEntryDto } from '#shared/security/audit-api.ts';
import { formatDate, formatDateTime, formatEuro } from '#shared/format.ts';
import { auditActionLabel } from '#shared/security/audit-labels.ts';
import { changeLines, ORDER_FIELD_LABELS } from '#client/pages/admin/common/audit-changes.ts';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { auditQueryOptions } from '#client/pages/admin/api/queries.ts';

// Entries written before the actions took their family's name (« create » for « order.create »).
const OLD_ACTIONS: Record<string, string> = {
  create: 'Création',
  update: 'Modification',
  credentials: 'Identifiants régénérés',
  receipt: 'Facture téléchargée',
};

/** « Facture n° 00000042 du 23/11/2026 » / « Avoir AV-00000001 de 10,00 € sur la facture n° 00000042 ». */
function documentLine(entry: AuditEntryDto): string | null {
  const after = (entry.after ?? {}) as Record<string, string | undefined>;
  if (entry.action === 'invoice.issue') return `Facture n° ${after.number} du ${formatDate(after.issuedOn)}`;
  if (entry.action === 'credit_note.issue') {
    const reason = after.reason ? ` — ${after.reason}` : '';
    return `Avoir ${after.number} de ${formatEuro(after.amount ?? 0)} sur la facture n° ${after.invoice}${reason}`;
  }
  return null;
}

/** The order's audit trail, fetched only when staff open it. */
export function OrderHistory({ orderId }: { orderId: number }) {
  const audit = useQuery(auditQueryOptions(orderId));
  if (audit.isPending) return <Spinner />;
  if (audit.isError)
    return (
      <p role="alert" className="text-sm text-red-700">
        {audit.error.message}
      </p>
    );
  if (audit.data.length === 0) return <p className="text-sm text-slate-600">Aucune modification enregistrée.</p>;
  return (
    <ol className="space-y-2" aria-label={`Historique de la commande n° ${orderId}`}>
      {audit.data.map((entry) => (
        <li key={entry.id} className="text-sm">
          <p>
            <span className="font-medium text-slate-900">
              {OLD_ACTIONS[entry.action] ?? auditActionLabel(entry.action)}
            </span>
            <span className="text-slate-600">
              {' '}
              — {formatDateTime(entry.createdAt)} par {entry.staffUsername}
            </span>
          </p>
          {[documentLine(entry), ...(entry.before ? changeLines(entry, ORDER_FIELD_LABELS) : [])]
            .filter(Boolean)
            .map((line) => (
              <p key={line} className="pl-3 text-slate-700">
                {line}
              </p>
            ))}
        </li>
      ))}
    </ol>
  );
}
