import { MessageCircle } from 'lucide-react';
import { Badge, type BadgeTone } from './badge.tsx';
import {
  INTERVENTION_STATUS_LABELS,
  UNREAD_LABELS,
  URGENCY_LABELS,
  type InterventionStatus,
  type Urgency,
} from '#shared/interventions/intervention-labels.ts';
import { PAYMENT_STATUS_LABELS, type PaymentStatus } from '#shared/billing/payment-labels.ts';

// One colour per state, as in the back-office: a client and a technician looking at the same request see the same badge.
const INTERVENTION_TONES: Record<InterventionStatus, BadgeTone> = {
  pending: 'amber',
  in_progress: 'blue',
  completed: 'green',
  cancelled: 'slate',
};
const URGENCY_TONES: Record<Urgency, BadgeTone> = { low: 'slate', medium: 'amber', high: 'red' };
const PAYMENT_TONES: Record<PaymentStatus, BadgeTone> = {
  paid: 'green',
  pending: 'amber',
  failed: 'red',
  refunded: 'slate',
  cancelled: 'slate',
};

export function InterventionStatusBadge({ status }: { status: InterventionStatus }) {
  return (
    <Badge tone={INTERVENTION_TONES[status] ?? 'amber'}>
      {INTERVENTION_STATUS_LABELS[status] ?? INTERVENTION_STATUS_LABELS.pending}
    </Badge>
  );
}

export function UrgencyBadge({ urgency }: { urgency: Urgency }) {
  return <Badge tone={URGENCY_TONES[urgency] ?? 'slate'}>Urgence : {URGENCY_LABELS[urgency] ?? urgency}</Badge>;
}

/** Payé, En attente, Échoué, Remboursé or Annulé: the same badge for staff and the client. */
export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  return (
    <Badge tone={PAYMENT_TONES[status] ?? 'amber'}>
      {PAYMENT_STATUS_LABELS[status] ?? PAYMENT_STATUS_LABELS.pending}
    </Badge>
  );
}

/** The team wrote on the request since its client last read the conversation. */
export function UnreadReplyBadge() {
  return (
    <Badge tone="purple" className="gap-1">
      <MessageCircle aria-hidden="true" className="h-3.5 w-3.5" /> {UNREAD_LABELS.client}
    </Badge>
  );
}
