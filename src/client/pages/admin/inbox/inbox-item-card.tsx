import type { InboxItemDto } from '#shared/inbox/inbox-api.ts';
import { formatDateTime } from '#shared/format.ts';
import { REGISTRATION_DEVICE_LABELS, type RegistrationDeviceType } from '#shared/devices/device-labels.ts';
import { INBOX_KIND_LABELS, type InboxKind } from '#shared/inbox/inbox-labels.ts';
import { findPlan } from '#shared/plans.ts';
import { Badge, type BadgeTone } from '#client/components/ui/badge.tsx';
import { InboxStatusBadge } from '#client/pages/admin/common/status-badges.tsx';
import { DuplicateBadge, DuplicateNotice } from './duplicate-notice.tsx';
import { InboxItemActions } from './inbox-item-actions.tsx';
import { DetailItem } from '#client/pages/admin/common/detail-item.tsx';

const KIND_TONES: Record<InboxKind, BadgeTone> = { registration: 'purple', contact: 'blue', erasure: 'red' };

export function InboxItemCard({ request: r }: { request: InboxItemDto }) {
  const titleId = `request-${r.id}-title`;
  const plan = findPlan(r.planId);
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
        {registration && (
          <dl className="grid grid-cols-2 gap-x-4 gap-y-2 rounded-lg bg-slate-50 p-3 sm:grid-cols-4">
            <DetailItem label="Plan">{plan ? `${plan.name} (${plan.durationText})` : (r.planId ?? '-')}</DetailItem>
            <DetailItem label="Téléphone">{r.phone || '-'}</DetailItem>
            <DetailItem label="Appareil">
              {r.deviceType
                ? (REGISTRATION_DEVICE_LABELS[r.deviceType as RegistrationDeviceType] ?? r.deviceType)
                : '-'}
            </DetailItem>
            {r.captchaAnswer && <DetailItem label="Réponse au captcha">{r.captchaAnswer}</DetailItem>}
            {r.deviceInfo && (
              <DetailItem label="Description de l’appareil" className="col-span-2 sm:col-span-4">
                {r.deviceInfo}
              </DetailItem>
            )}
            {r.clientId !== null && (
              <DetailItem label="Compte client" className="col-span-2 sm:col-span-4">
                Créé (n° {r.clientId})
              </DetailItem>
            )}
            {r.refusalReason && (
              <DetailItem label="Refusée, raison envoyée" className="col-span-2 sm:col-span-4">
                {r.refusalReason}
              </DetailItem>
            )}
          </dl>
        )}
        {r.kind === 'erasure' && (
          <dl className="grid grid-cols-2 gap-x-4 gap-y-2 rounded-lg bg-slate-50 p-3">
            <DetailItem label="Compte client">{r.clientId !== null ? `n° ${r.clientId}` : 'Supprimé'}</DetailItem>
            <DetailItem label="Effacement">
              {r.erasedAt ? (
                <>
                  Effectué le <time dateTime={r.erasedAt}>{formatDateTime(r.erasedAt)}</time>
                </>
              ) : r.refusalReason ? (
                'Refusé'
              ) : (
                'À confirmer'
              )}
            </DetailItem>
            {r.refusalReason && (
              <DetailItem label="Refusée, raison envoyée" className="col-span-2">
                {r.refusalReason}
              </DetailItem>
            )}
          </dl>
        )}
        <InboxItemActions request={r} />
      </div>
    </article>
  );
}
