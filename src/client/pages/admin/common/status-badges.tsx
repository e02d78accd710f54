import type { InboxStatus } from '#shared/inbox/inbox-labels.ts';
import type { SubscriptionState } from '#shared/subscriptions/subscription-labels.ts';
import { INBOX_STATUS_LABELS } from '#shared/inbox/inbox-labels.ts';
import { SUBSCRIPTION_STATE_LABELS } from '#shared/subscriptions/subscription-labels.ts';
import { Badge, type BadgeTone } from '#client/components/ui/badge.tsx';

// The badges clients see too (payment, intervention, urgency) have one copy, shared with the client area.
export { InterventionStatusBadge, PaymentStatusBadge, UrgencyBadge } from '#client/components/ui/status-badges.tsx';

const INBOX_TONES: Record<InboxStatus, BadgeTone> = { pending: 'amber', replied: 'green', closed: 'slate' };

export function InboxStatusBadge({ status }: { status: InboxStatus }) {
  return (
    <Badge tone={INBOX_TONES[status] ?? 'amber'}>{INBOX_STATUS_LABELS[status] ?? INBOX_STATUS_LABELS.pending}</Badge>
  );
}

const SUBSCRIPTION_TONES: Record<SubscriptionState, BadgeTone> = {
  upcoming: 'blue',
  active: 'green',
  expiring: 'amber',
  renewed: 'slate',
  expired: 'red',
};

export function SubscriptionStateBadge({ state }: { state: SubscriptionState }) {
  return <Badge tone={SUBSCRIPTION_TONES[state] ?? 'slate'}>{SUBSCRIPTION_STATE_LABELS[state] ?? state}</Badge>;
}
