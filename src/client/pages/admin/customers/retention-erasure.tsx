import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UserX } from 'lucide-react';
import type { AccountRetention, CustomerDto } from '#shared/orders/customer-api.ts';
import type { InboxItemDto } from '#shared/inbox/inbox-api.ts';
import { durationLabel, RETENTION } from '#shared/privacy/retention-periods.ts';
import { formatDate } from '#shared/format.ts';
import { api } from '#client/lib/api.ts';
import { notify } from '#client/lib/notify.tsx';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { adminKeys } from '#client/pages/admin/api/queries.ts';
import { ConfirmErasureDialog } from '#client/pages/admin/inbox/inbox-item-dialogs.tsx';

// The privacy page's own period: change it in shared/privacy/retention-periods.ts and these words follow.
const PERIOD = durationLabel(RETENTION.account);
export const RETENTION_FILTER_LABEL = `Conservation dépassée (${PERIOD})`;

const FROM_WORDS: Record<AccountRetention['from'], string> = {
  subscription: 'fin du dernier abonnement',
  creation: 'création du compte, sans abonnement',
};

/** « Depuis le 26/11/2023 », and what that day is. */
export function RetentionSince({ retention: r }: { retention: AccountRetention }) {
  return (
    <span>
      Depuis le <time dateTime={r.since}>{formatDate(r.since)}</time>{' '}
      <span className="text-slate-600">({FROM_WORDS[r.from]})</span>
    </span>
  );
}

/** The account's assistance requests still open: its erasure waits for them. */
export function OpenRequestsBadge({ count }: { count: number }) {
  if (count === 0) return null;
  return <Badge tone="amber">{count > 1 ? `${count} demandes en cours` : 'Demande en cours'}</Badge>;
}

function useEraseExpiredAccount(clientId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<InboxItemDto>(`/api/admin/clients/${clientId}/erase`, { method: 'POST' }),
    // Names change in every list (and the erasure shows in « Messages »): every back-office list reloads.
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.data }),
  });
}

type RetentionCardProps = { customer: CustomerDto & { retention: AccountRetention }; onErased(): void };

/**
 * In the customer's pane, under « Conservation dépassée »: why the account is listed and « Effacer les données »,
 * which opens the same confirmation as an erasure request in « Messages ». With a request open, it waits.
 */
export function RetentionCard({ customer, onErased }: RetentionCardProps) {
  const { retention } = customer;
  const erase = useEraseExpiredAccount(retention.clientId);
  const [confirming, setConfirming] = useState(false);
  const waiting = retention.openRequests > 0;
  const run = () =>
    erase.mutate(undefined, {
      onSuccess: () => {
        notify(
          'success',
          'Données effacées',
          `Le compte de ${customer.name} a été anonymisé ; ses factures sont conservées.`,
        );
        onErased();
      },
      onError: (error) => notify('error', 'Impossible d’effacer les données', error.message),
    });
  return (
    <div className="rounded-xl border border-amber-300 bg-amber-50 p-4">
      <div className="flex flex-wrap items-center gap-2">
        <h4 className="font-semibold text-slate-900">{RETENTION_FILTER_LABEL}</h4>
        <OpenRequestsBadge count={retention.openRequests} />
      </div>
      <p className="mt-1 text-sm text-slate-800">
        <RetentionSince retention={retention} /> : le compte a passé sa durée de conservation de {PERIOD}.
      </p>
      <p className="mt-1 text-sm text-slate-800">
        {waiting
          ? 'Une demande d’assistance est en cours : l’effacement attend sa clôture.'
          : 'Aucune demande n’est en cours : vous pouvez rendre le compte anonyme.'}
      </p>
      <Button
        size="sm"
        variant="danger"
        className="mt-3 disabled:bg-red-700/45"
        onClick={() => setConfirming(true)}
        disabled={waiting || erase.isPending}
      >
        <UserX aria-hidden="true" className="h-4 w-4" /> {erase.isPending ? 'Effacement...' : 'Effacer les données'}
      </Button>
      <ConfirmErasureDialog
        request={{ clientId: retention.clientId, name: customer.name, email: customer.email }}
        open={confirming}
        onOpenChange={setConfirming}
        onConfirm={run}
      />
    </div>
  );
}
