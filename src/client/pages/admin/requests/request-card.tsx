import type { ReactNode } from 'react';
import type { RequestDto } from '../../../../shared/admin-api';
import { formatDateTime } from '../../../../shared/format';
import {
  REGISTRATION_DEVICE_LABELS, REQUEST_KIND_LABELS, type RegistrationDeviceType, type RequestKind,
} from '../../../../shared/labels';
import { findPlan } from '../../../../shared/plans';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { RequestStatusBadge } from '../common/status-badges';
import { DuplicateBadge, DuplicateNotice } from './duplicate-notice';
import { RequestActions } from './request-actions';

const KIND_TONES: Record<RequestKind, BadgeTone> = { registration: 'purple', contact: 'blue', erasure: 'red' };

function Detail({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={className}>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-sm text-slate-900 [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

export function RequestCard({ request: r }: { request: RequestDto }) {
  const titleId = `request-${r.id}-title`;
  const plan = findPlan(r.planId);
  const registration = r.kind === 'registration';
  return (
    <article aria-labelledby={titleId} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <header className="flex items-start gap-3">
        <span aria-hidden="true" className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-100 text-lg font-bold text-brand-800">
          {(r.name.trim()[0] ?? '?').toUpperCase()}
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 id={titleId} className="font-semibold text-slate-900">{r.name}</h3>
            <RequestStatusBadge status={r.status} />
            <DuplicateBadge request={r} />
            <Badge tone={KIND_TONES[r.kind] ?? 'blue'}>{REQUEST_KIND_LABELS[r.kind] ?? r.kind}</Badge>
          </div>
          <p className="break-all text-sm text-slate-600">
            <a className="hover:underline" href={`mailto:${r.email}`}>{r.email}</a>
          </p>
          <p className="text-xs text-slate-600"><time dateTime={r.createdAt}>{formatDateTime(r.createdAt)}</time></p>
        </div>
      </header>

      <div className="mt-3 space-y-2 sm:pl-13">
        <DuplicateNotice request={r} />
        {r.subject && <p className="font-medium text-slate-900">{r.subject}</p>}
        {/* A registration's message repeats the device description shown below. */}
        {r.message && !(registration && r.message === r.deviceInfo) && <p className="whitespace-pre-line text-sm text-slate-800">{r.message}</p>}
        {!registration && r.captchaAnswer && (
          <p className="text-sm text-slate-600">Réponse au captcha : <span className="font-medium text-slate-900">{r.captchaAnswer}</span></p>
        )}
        {registration && (
          <dl className="grid grid-cols-2 gap-x-4 gap-y-2 rounded-lg bg-slate-50 p-3 sm:grid-cols-4">
            <Detail label="Plan">{plan ? `${plan.name} (${plan.durationText})` : r.planId ?? '-'}</Detail>
            <Detail label="Téléphone">{r.phone || '-'}</Detail>
            <Detail label="Appareil">{r.deviceType ? REGISTRATION_DEVICE_LABELS[r.deviceType as RegistrationDeviceType] ?? r.deviceType : '-'}</Detail>
            {r.captchaAnswer && <Detail label="Réponse au captcha">{r.captchaAnswer}</Detail>}
            {r.deviceInfo && <Detail label="Description de l’appareil" className="col-span-2 sm:col-span-4">{r.deviceInfo}</Detail>}
            {r.clientId !== null && <Detail label="Compte client" className="col-span-2 sm:col-span-4">Créé (n° {r.clientId})</Detail>}
            {r.refusalReason && <Detail label="Refusée, raison envoyée" className="col-span-2 sm:col-span-4">{r.refusalReason}</Detail>}
          </dl>
        )}
        {r.kind === 'erasure' && (
          <dl className="grid grid-cols-2 gap-x-4 gap-y-2 rounded-lg bg-slate-50 p-3">
            <Detail label="Compte client">{r.clientId !== null ? `n° ${r.clientId}` : 'Supprimé'}</Detail>
            <Detail label="Effacement">
              {r.erasedAt ? <>Effectué le <time dateTime={r.erasedAt}>{formatDateTime(r.erasedAt)}</time></> : r.refusalReason ? 'Refusé' : 'À confirmer'}
            </Detail>
            {r.refusalReason && <Detail label="Refusée, raison envoyée" className="col-span-2">{r.refusalReason}</Detail>}
          </dl>
        )}
        <RequestActions request={r} />
      </div>
    </article>
  );
}
