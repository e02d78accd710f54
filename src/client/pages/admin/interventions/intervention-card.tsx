import type { AdminInterventionDto } from '#shared/interventions/intervention-api.ts';
import { formatDateTime } from '#shared/format.ts';
import { CLIENT_DEVICE_LABELS, DEVICE_STATUS_LABELS, isDeviceInUse } from '#shared/devices/device-labels.ts';
import { InterventionStatusBadge, UrgencyBadge } from '#client/pages/admin/common/status-badges.tsx';
import { InterventionActions } from './intervention-actions.tsx';
import { RemoteSessionDetails } from './remote-session-details.tsx';
import { Conversation } from '#client/components/thread/conversation.tsx';
import { UNREAD_LABELS } from '#shared/interventions/intervention-labels.ts';
import { adminKeys } from '#client/pages/admin/api/queries.ts';
import { ResponseClock } from '#client/components/ui/response-clock.tsx';
import { getPlan } from '#shared/plans.ts';
import { ClientRating, RatingBadge } from './client-rating.tsx';
import { AssigneeLine } from './assignee.tsx';
import { Badge } from '#client/components/ui/badge.tsx';
import { ShareNotice } from '#client/pages/admin/screen-share/share-notice.tsx';

export function InterventionCard({ intervention: i }: { intervention: AdminInterventionDto }) {
  const titleId = `intervention-${i.id}-title`;
  const device = [i.deviceType ? (CLIENT_DEVICE_LABELS[i.deviceType] ?? i.deviceType) : null, i.deviceInfo || null]
    .filter(Boolean)
    .join(' — ');
  return (
    <article aria-labelledby={titleId} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <header className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h3 id={titleId} className="font-semibold text-slate-900">
            <span className="text-slate-600">Intervention #{i.id}</span> · {i.title}
          </h3>
          <p className="text-sm text-slate-700">
            {i.clientName} <span className="break-all text-slate-600">({i.clientEmail})</span>
          </p>
          <p className="text-xs text-slate-600">
            Créée le <time dateTime={i.createdAt}>{formatDateTime(i.createdAt)}</time>
            {i.plan && <> · formule {getPlan(i.plan).name}</>}
            {i.openedBy && (
              <>
                {' '}
                ·{' '}
                <span data-testid="opened-by">
                  ouverte par l’équipe (
                  {i.openedBy.firstName ? `${i.openedBy.firstName}, ${i.openedBy.username}` : i.openedBy.username})
                </span>
              </>
            )}
          </p>
          <ResponseClock request={i} audience="staff" className="mt-2" />
          <AssigneeLine intervention={i} />
        </div>
        <div className="flex flex-wrap gap-2">
          <InterventionStatusBadge status={i.status} />
          <UrgencyBadge urgency={i.urgency} />
          <RatingBadge rating={i.rating} />
          {i.unreadMessage && <Badge tone="purple">{UNREAD_LABELS.staff}</Badge>}
          {i.escalatedAt && !i.firstResponseAt && <Badge tone="red">En retard · signalée aux administrateurs</Badge>}
        </div>
      </header>
      <p className="mt-3 whitespace-pre-line text-sm text-slate-800">{i.description}</p>
      <ClientRating rating={i.rating} />
      <ShareNotice interventionId={i.id} />
      <RemoteSessionDetails intervention={i} />
      <dl className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-sm">
        {device && (
          <div>
            <dt className="inline text-slate-600">Appareil : </dt>
            <dd className="inline">
              {device}
              {i.deviceId ? ` (appareil n° ${i.deviceId}, voir l’onglet Appareils)` : ''}
              <DeviceStateBadges state={i.deviceState} />
            </dd>
          </div>
        )}
        {i.durationMinutes !== null && (
          <div className="flex gap-1">
            <dt className="text-slate-600">Durée :</dt>
            <dd>{i.durationMinutes} min</dd>
          </div>
        )}
      </dl>
      {i.staffNotes && (
        <p className="mt-2 whitespace-pre-line rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950">
          <span className="font-medium">Notes internes : </span>
          {i.staffNotes}
        </p>
      )}
      <Conversation
        basePath={`/api/admin/interventions/${i.id}`}
        queryKey={[...adminKeys.interventions, 'thread', i.id]}
        refreshKey={adminKeys.interventions}
        viewer="staff"
        unread={i.unreadMessage}
      />
      <InterventionActions intervention={i} />
    </article>
  );
}

/**
 * The named device as it stands now: « Hors formule » when the client's running plan no longer covers it (computed by
 * the server, decision 022), its proof awaited, or no longer in service; nothing when all is well.
 */
function DeviceStateBadges({ state }: { state: AdminInterventionDto['deviceState'] }) {
  if (!state) return null;
  const badge = 'ml-2 align-middle';
  if (!isDeviceInUse(state)) {
    return (
      <Badge tone={state.status === 'refused' ? 'red' : 'slate'} className={badge}>
        Appareil {DEVICE_STATUS_LABELS[state.status].toLowerCase()}
      </Badge>
    );
  }
  return (
    <>
      {!state.covered && (
        <Badge tone="red" className={badge}>
          Hors formule
        </Badge>
      )}
      {state.blocked && (
        <Badge tone="amber" className={badge}>
          Justificatif attendu
        </Badge>
      )}
    </>
  );
}
