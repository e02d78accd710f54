// What an audit entry changed, in the words staff read: « Statut : En attente → Payé ». « Journal » shows every field
// an entry holds; an order's « Historique » only those of the order form.
import type { AuditEntryDto } from '#shared/security/audit-api.ts';
import { PAYMENT_METHOD_LABELS, PAYMENT_STATUS_LABELS } from '#shared/billing/payment-labels.ts';
import { INTERVENTION_STATUS_LABELS } from '#shared/interventions/intervention-labels.ts';
import { INBOX_STATUS_LABELS } from '#shared/inbox/inbox-labels.ts';
import { DEVICE_STATUS_LABELS } from '#shared/devices/device-labels.ts';
import { STAFF_ROLE_LABELS } from '#shared/staff/staff-labels.ts';
import { findPlan } from '#shared/plans.ts';

/** The order form's fields: the ones an order's « Historique » lists. */
export const ORDER_FIELD_LABELS: Record<string, string> = {
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

const FIELD_LABELS: Record<string, string> = {
  ...ORDER_FIELD_LABELS,
  status: 'Statut',
  role: 'Rôle',
  firstName: 'Prénom',
  disabled: 'Désactivé',
  durationMinutes: 'Durée (min)',
  staffNotes: 'Notes internes',
  assignedStaffId: 'Membre attribué (n°)',
  staffId: 'Membre (n°)',
  clientId: 'Client (n°)',
  refusalReason: 'Motif du refus',
  reason: 'Motif',
  title: 'Titre',
  email: 'E-mail',
  name: 'Nom',
  number: 'Numéro',
  amount: 'Montant',
  invoice: 'Facture',
  issuedOn: 'Émise le',
  enabled: 'Activé',
  required: 'Exigé',
  assignee: 'Attribuée à',
  twoFactor: 'Double authentification',
  requireTwoFactor: 'Double authentification exigée',
  opensDownload: 'Ouvre le téléchargement',
  sessionsEnded: 'Sessions fermées',
  dutyHours: 'Horaires',
  covered: 'Couvert',
  offered: 'Offert',
  endedBy: 'Terminé par',
  requestId: 'Demande (n°)',
};

/** `status` means the status of the entry's object. */
const STATUS_LABELS: Record<string, Record<string, string>> = {
  order: PAYMENT_STATUS_LABELS,
  intervention: INTERVENTION_STATUS_LABELS,
  inbox_item: INBOX_STATUS_LABELS,
  device: DEVICE_STATUS_LABELS,
};

function show(entity: string, field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  const text = String(value);
  if (typeof value === 'boolean') return value ? 'oui' : 'non';
  if (field === 'paymentStatus') return (PAYMENT_STATUS_LABELS as Record<string, string>)[text] ?? text;
  if (field === 'paymentMethod') return (PAYMENT_METHOD_LABELS as Record<string, string>)[text] ?? text;
  if (field === 'plan') return findPlan(text)?.name ?? text;
  if (field === 'role') return (STAFF_ROLE_LABELS as Record<string, string>)[text] ?? text;
  if (field === 'status') return STATUS_LABELS[entity]?.[text] ?? text;
  return typeof value === 'object' ? JSON.stringify(value) : text;
}

const asRecord = (value: unknown): Record<string, unknown> | null =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

/**
 * One line per field: « Statut : En attente → Payé » where the entry holds both sides, « Statut : Payé » where it
 * holds only what was written. `only` keeps the fields it names.
 */
export function changeLines(entry: AuditEntryDto, only?: Record<string, string>): string[] {
  const before = asRecord(entry.before);
  const after = asRecord(entry.after) ?? {};
  const labels = only ?? FIELD_LABELS;
  return [...new Set([...Object.keys(before ?? {}), ...Object.keys(after)])]
    .filter((k) => !only || k in only)
    .filter((k) => !before || JSON.stringify(before[k]) !== JSON.stringify(after[k]))
    .map((k) => {
      const label = labels[k] ?? k;
      const now = show(entry.entity, k, after[k]);
      return before ? `${label} : ${show(entry.entity, k, before[k])} → ${now}` : `${label} : ${now}`;
    });
}
