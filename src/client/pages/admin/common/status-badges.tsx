import type { InterventionStatus, PaymentStatus, RequestStatus, SubscriptionState, Urgency } from '../../../../shared/labels';
import {
  INTERVENTION_STATUS_LABELS, PAYMENT_STATUS_LABELS, REQUEST_STATUS_LABELS, SUBSCRIPTION_STATE_LABELS, URGENCY_LABELS,
} from '../../../../shared/labels';
import { Badge, type BadgeTone } from '../../../components/ui/badge';

const PAYMENT_TONES: Record<PaymentStatus, BadgeTone> = { paid: 'green', pending: 'amber', failed: 'red', refunded: 'slate', cancelled: 'slate' };
const REQUEST_TONES: Record<RequestStatus, BadgeTone> = { pending: 'amber', replied: 'green', closed: 'slate' };
const INTERVENTION_TONES: Record<InterventionStatus, BadgeTone> = { pending: 'amber', in_progress: 'blue', completed: 'green', cancelled: 'slate' };
const URGENCY_TONES: Record<Urgency, BadgeTone> = { low: 'slate', medium: 'amber', high: 'red' };

export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  return <Badge tone={PAYMENT_TONES[status] ?? 'amber'}>{PAYMENT_STATUS_LABELS[status] ?? PAYMENT_STATUS_LABELS.pending}</Badge>;
}

export function RequestStatusBadge({ status }: { status: RequestStatus }) {
  return <Badge tone={REQUEST_TONES[status] ?? 'amber'}>{REQUEST_STATUS_LABELS[status] ?? REQUEST_STATUS_LABELS.pending}</Badge>;
}

export function InterventionStatusBadge({ status }: { status: InterventionStatus }) {
  return <Badge tone={INTERVENTION_TONES[status] ?? 'amber'}>{INTERVENTION_STATUS_LABELS[status] ?? status}</Badge>;
}

export function UrgencyBadge({ urgency }: { urgency: Urgency }) {
  return <Badge tone={URGENCY_TONES[urgency] ?? 'slate'}>Urgence : {URGENCY_LABELS[urgency] ?? urgency}</Badge>;
}

const SUBSCRIPTION_TONES: Record<SubscriptionState, BadgeTone> = {
  upcoming: 'blue', active: 'green', expiring: 'amber', renewed: 'slate', expired: 'red',
};

export function SubscriptionStateBadge({ state }: { state: SubscriptionState }) {
  return <Badge tone={SUBSCRIPTION_TONES[state] ?? 'slate'}>{SUBSCRIPTION_STATE_LABELS[state] ?? state}</Badge>;
}
