import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClientOrder } from '#shared/orders/order-api.ts';
import { formatDate, formatEuro, todayIso } from '#shared/format.ts';
import { api, ApiRequestError, serverMessage } from '#client/lib/api.ts';
import { notify } from '#client/lib/notify.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { LazyConfirmDialog } from '#client/components/ui/lazy-dialog.tsx';
import { clientKeys } from '#client/pages/client/api/queries.ts';

/**
 * « Me rétracter » (L221-18, the online withdrawal function of directive 2023/2673): shown beside a paid order during
 * its 14 days; once used, what was recorded. The server decides the deadline and the amount (docs/decisions/041).
 */
export function WithdrawFromOrder({ order }: { order: ClientOrder }) {
  const client = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const withdraw = useMutation({
    mutationFn: () =>
      api<{ withdrawnOn: string; refund: string }>(`/api/client/orders/${order.id}/withdrawal`, { method: 'POST' }),
    onSuccess: (done) => {
      notify(
        'success',
        'Rétractation enregistrée',
        `Nous vous rembourserons ${formatEuro(done.refund)} sous 14 jours ; un e-mail vous le confirme.`,
      );
      void client.invalidateQueries({ queryKey: clientKeys.data });
    },
    onError: (error) => {
      if (error instanceof ApiRequestError && error.status === 401) return;
      notify('error', 'Erreur', serverMessage(error, 'Impossible d’enregistrer votre rétractation. Réessayez.'));
    },
  });
  if (order.withdrawal) {
    return (
      <p className="text-sm text-slate-700" data-testid="withdrawal-done">
        Rétractation enregistrée le {formatDate(order.withdrawal.on)} : {formatEuro(order.withdrawal.refund)} à
        rembourser.
      </p>
    );
  }
  if (!order.withdrawableUntil || todayIso() > order.withdrawableUntil) return null;
  return (
    <>
      <Button
        variant="secondary"
        className="shrink-0 self-start"
        onClick={() => setConfirming(true)}
        disabled={withdraw.isPending}
      >
        Me rétracter
      </Button>
      <LazyConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Vous rétracter de la formule ${order.plan} ?`}
        description={`Vous pouvez le faire jusqu’au ${formatDate(order.withdrawableUntil)} inclus. L’abonnement prendra fin et nous vous rembourserons le prix, moins la part déjà écoulée si vous aviez demandé que l’assistance commence tout de suite. Un e-mail vous confirmera la rétractation et le montant.`}
        confirmLabel="Me rétracter"
        onConfirm={() => withdraw.mutate()}
        danger
      />
    </>
  );
}
