import { AlertTriangle } from 'lucide-react';
import type { InboxItemDto } from '#shared/inbox/inbox-api.ts';
import { formatDateTime } from '#shared/format.ts';
import { Badge } from '#client/components/ui/badge.tsx';

// Anyone can register with any e-mail: when two pending registrations share one, staff decide which is the
// owner's (each is kept exactly as sent, neither overwrites the other).

export function DuplicateBadge({ request: r }: { request: InboxItemDto }) {
  return r.duplicates.length > 0 ? <Badge tone="amber">Doublon possible</Badge> : null;
}

export function DuplicateNotice({ request: r }: { request: InboxItemDto }) {
  if (r.duplicates.length === 0) return null;
  return (
    <div role="note" className="flex gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      <AlertTriangle aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-amber-700" />
      <div className="space-y-1">
        <p className="font-medium">
          {r.duplicates.length > 1
            ? 'D’autres demandes d’inscription en attente utilisent'
            : 'Une autre demande d’inscription en attente utilise'}{' '}
          cette adresse e-mail :
        </p>
        <ul className="list-disc pl-5">
          {r.duplicates.map((d) => (
            <li key={d.id}>
              {d.name}, reçue le <time dateTime={d.createdAt}>{formatDateTime(d.createdAt)}</time>
            </li>
          ))}
        </ul>
        <p>
          Vérifiez auprès du titulaire de l’adresse avant de valider, puis fermez la demande qui n’est pas la sienne.
        </p>
      </div>
    </div>
  );
}
