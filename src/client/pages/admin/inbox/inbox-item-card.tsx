import type { InboxItemDto } from '#shared/inbox/inbox-api.ts';
import { formatDateTime } from '#shared/format.ts';
import { INBOX_KIND_LABELS, type InboxKind } from '#shared/inbox/inbox-labels.ts';
import { Badge, type BadgeTone } from '#client/components/ui/badge.tsx';
import { InboxStatusBadge } from '#client/pages/admin/common/status-badges.tsx';
import { DuplicateBadge, DuplicateNotice } from './duplicate-notice.tsx';
import { InboxItemActions } from './inbox-item-actions.tsx';
import { ErasureDetails, RegistrationDetails } from './inbox-item-details.tsx';

const KIND_TONES: Record<InboxKind, BadgeTone> = { registration: 'purple', contact: 'blue', erasure: 'red' };

/** One inbox item: who wrote, what they sent or asked for, and what staff can do with it. */
export function InboxItemCard({ request: r }: { request: InboxItemDto }) {
  const titleId = `request-${r.id}-title`;
  const registration = r.kind === 'registration';
  return (
    <article aria-labelledby={titleId} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <header className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-100 text-lg font-bold text-brand-800"
        >
          {(r.name.trim()[0] ?? '?').toUpperCase()}
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 id={titleId} className="font-semibold text-slate-900">
              {r.name}
            </h3>
            <InboxStatusBadge status={r.status} />
            <DuplicateBadge request={r} />
            <Badge tone={KIND_TONES[r.kind] ?? 'blue'}>{INBOX_KIND_LABELS[r.kind] ?? r.kind}</Badge>
          </div>
          <p className="break-all text-sm text-slate-600">
            <a className="hover:underline" href={`mailto:${r.email}`}>
              {r.email}
            </a>
          </p>
          <p className="text-xs text-slate-600">
            <time dateTime={r.createdAt}>{formatDateTime(r.createdAt)}</time>
          </p>
        </div>
      </header>

      <div className="mt-3 space-y-2 sm:pl-13">
        <DuplicateNotice request={r} />
        {r.subject && <p className="font-medium text-slate-900">{r.subject}</p>}
        {/* A registration's message repeats the device description shown below. */}
        {r.message && !(registration && r.message === r.deviceInfo) && (
          <p className="whitespace-pre-line text-sm text-slate-800">{r.message}</p>
        )}
        {!registration && r.captchaAnswer && (
          <p className="text-sm text-slate-600">
            Réponse au captcha : <span className="font-medium text-slate-900">{r.captchaAnswer}</span>
          </p>
        )}
        {registration && <RegistrationDetails request={r} />}
        {r.kind === 'erasure' && <ErasureDetails request={r} />}
        <InboxItemActions request={r} />
      </div>
    </article>
  );
}
