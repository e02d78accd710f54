import { MAIL_KIND_LABELS, MAIL_STATUS_LABELS, type MailKind, type MailStatus } from '#shared/mail/mail-labels.ts';
import { Badge, type BadgeTone } from '#client/components/ui/badge.tsx';

const STATUS_TONES: Record<MailStatus, BadgeTone> = {
  queued: 'amber',
  sending: 'blue',
  sent: 'green',
  failed: 'red',
  cancelled: 'slate',
};

export function MailStatusBadge({ status }: { status: MailStatus }) {
  return <Badge tone={STATUS_TONES[status] ?? 'amber'}>{MAIL_STATUS_LABELS[status] ?? status}</Badge>;
}

/** Messages to staff (STAFF_EMAIL) in purple, to clients in blue. */
export function MailKindBadge({ kind }: { kind: MailKind }) {
  return <Badge tone={kind.startsWith('staff_') ? 'purple' : 'blue'}>{MAIL_KIND_LABELS[kind] ?? kind}</Badge>;
}
