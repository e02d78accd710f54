import type { InboxItemDto } from '#shared/inbox/inbox-api.ts';
import { formatDateTime } from '#shared/format.ts';
import { REGISTRATION_DEVICE_LABELS, type RegistrationDeviceType } from '#shared/devices/device-labels.ts';
import { findPlan } from '#shared/plans.ts';
import { DetailItem } from '#client/pages/admin/common/detail-item.tsx';
import { PhoneLink } from '#client/pages/admin/common/phone-link.tsx';

/** What a registration asked for (plan, phone, device) and what became of it (account created or refusal). */
export function RegistrationDetails({ request: r }: { request: InboxItemDto }) {
  const plan = findPlan(r.planId);
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-2 rounded-lg bg-slate-50 p-3 sm:grid-cols-4">
      <DetailItem label="Plan">{plan ? `${plan.name} (${plan.durationText})` : (r.planId ?? '-')}</DetailItem>
      <DetailItem label="Téléphone">{r.phone ? <PhoneLink phone={r.phone} /> : '-'}</DetailItem>
      <DetailItem label="Appareil">
        {r.deviceType ? (REGISTRATION_DEVICE_LABELS[r.deviceType as RegistrationDeviceType] ?? r.deviceType) : '-'}
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
  );
}

/** Whose data an erasure request is about, and whether it was carried out, refused or still awaits an admin. */
export function ErasureDetails({ request: r }: { request: InboxItemDto }) {
  return (
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
  );
}
