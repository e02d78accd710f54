import type { ClientIntervention } from '#shared/interventions/intervention-api.ts';
import { CLIENT_DEVICE_LABELS } from '#shared/devices/device-labels.ts';
import { REQUEST_PARAM } from '#shared/clients/client-pages.ts';
import { useSearchParams } from '#client/lib/router.ts';
import { formatDate } from '#shared/format.ts';
import { Card } from '#client/components/ui/card.tsx';
import { InterventionStatusBadge, UnreadReplyBadge, UrgencyBadge } from '#client/components/ui/status-badges.tsx';
import { ResponseClock } from '#client/components/ui/response-clock.tsx';
import { InterventionFollowUp } from '#client/pages/client/common/intervention-follow-up.tsx';
import { HandledBy, OpenedBy } from '#client/pages/client/common/handled-by.tsx';

/**
 * docs/specification.md §2 « Client dashboard »: 'Intervention #id', status, urgency, description, device, date,
 * details.
 */
export function ClientInterventionList({ items }: { items: ClientIntervention[] }) {
  const [params] = useSearchParams();
  const linked = Number(params.get(REQUEST_PARAM));
  return (
    <ul className="space-y-3">
      {items.map((item) => (
        // A mail's link (?demande=<id>) scrolls to its request and opens its conversation.
        <li key={item.id} id={`demande-${item.id}`} className="scroll-mt-4">
          <Card>
            <div className="flex flex-wrap items-center gap-2">
              <h3 className="mr-auto font-semibold text-slate-900">Intervention #{item.id}</h3>
              {item.unreadReply && <UnreadReplyBadge />}
              <InterventionStatusBadge status={item.status} />
              <UrgencyBadge urgency={item.urgency} />
            </div>
            <ResponseClock request={item} audience="client" className="mt-3" />
            <OpenedBy name={item.openedBy} className="mt-2" />
            <HandledBy name={item.handledBy} className="mt-2" />
            <p className="mt-3 whitespace-pre-line break-words text-slate-800">{item.description}</p>
            <dl className="mt-3 grid gap-1 text-sm text-slate-600 sm:grid-cols-2">
              {item.deviceType && (
                <div>
                  <dt className="inline">Appareil : </dt>
                  <dd className="inline">{CLIENT_DEVICE_LABELS[item.deviceType] ?? item.deviceType}</dd>
                </div>
              )}
              <div>
                <dt className="inline">Créée le : </dt>
                <dd className="inline">{formatDate(item.createdAt)}</dd>
              </div>
              {item.deviceInfo && (
                <div className="sm:col-span-2">
                  <dt className="inline">Détails : </dt>
                  <dd className="inline break-words">{item.deviceInfo}</dd>
                </div>
              )}
            </dl>
            <InterventionFollowUp item={item} linked={item.id === linked} />
          </Card>
        </li>
      ))}
    </ul>
  );
}
