import { useQuery } from '@tanstack/react-query';
import type { AuditEntryDto } from '#shared/security/audit-api.ts';
import { formatDate, formatDateTime, formatEuro } from '#shared/format.ts';
import {
  PAYMENT_METHOD_LABELS,
  PAYMENT_STATUS_LABELS,
  type PaymentMethod,
  type PaymentStatus,
} from '#shared/billing/payment-labels.ts';
import { findPlan } from '#shared/plans.ts';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { auditQueryOptions } from '#client/pages/admin/api/queries.ts';

const FIELD_LABELS: Record<string, string> = {
  paymentStatus: 'Statut',
  notes: 'Notes',
  paymentMethod: 'Paiement',
  plan: 'Plan',
  price: 'Prix',
  orderDate: 'Date',
  clientName: 'Client',
  clientEmail: 'E-mail',
  clientPhone: 'Téléphone',
  username: "Nom d'utilisateur",
};
const ACTION_LABELS: Record<string, string> = {
  create: 'Création',
  'order.create': 'Création',
  update: 'Modification',
  'order.update': 'Modification',
  credentials: 'Identifiants régénérés',
  'order.credentials': 'Identifiants régénérés',
  receipt: 'Facture téléchargée',
  'invoice.issue': 'Facture émise',
  'credit_note.issue': 'Avoir émis',
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

function show(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (field === 'paymentStatus') return PAYMENT_STATUS_LABELS[value as PaymentStatus] ?? String(value);
  if (field === 'paymentMethod') return PAYMENT_METHOD_LABELS[value as PaymentMethod] ?? String(value);
  if (field === 'plan') return findPlan(String(value))?.name ?? String(value);
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** « Statut : En attente → Payé » for each field the entry changed (passwords never reach the audit). */
function changes(entry: AuditEntryDto): string[] {
  const before = (entry.before ?? {}) as Record<string, unknown>;
  const after = (entry.after ?? {}) as Record<string, unknown>;
  if (!entry.before) return [];
  return Object.keys(after)
    .filter((k) => k in FIELD_LABELS && JSON.stringify(before[k]) !== JSON.stringify(after[k]))
    .map((k) => `${FIELD_LABELS[k]} : ${show(k, before[k])} → ${show(k, after[k])}`);
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
            <span className="font-medium text-slate-900">{ACTION_LABELS[entry.action] ?? entry.action}</span>
            <span className="text-slate-600">
              {' '}
              — {formatDateTime(entry.createdAt)} par {entry.staffUsername}
            </span>
          </p>
          {[documentLine(entry), ...changes(entry)].filter(Boolean).map((line) => (
            <p key={line} className="pl-3 text-slate-700">
              {line}
            </p>
          ))}
        </li>
      ))}
    </ol>
  );
}
