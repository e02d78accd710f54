import { useEffect, useState, type ReactNode } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, CreditCard, Loader2, XCircle } from 'lucide-react';
import type { ClientOrder } from '#shared/orders/order-api.ts';
import {
  PAYMENT_ORDER_PARAM,
  PAYMENT_RETURN_PARAM,
  type CheckoutStarted,
  type OnlinePayment,
} from '#shared/payments/payment-api.ts';
import { api, ApiRequestError, serverMessage } from '#client/lib/api.ts';
import { useSearchParams } from '#client/lib/router.ts';
import { notify } from '#client/lib/notify.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { clientKeys, ordersQueryOptions } from '#client/pages/client/api/queries.ts';

/** Whether the server offers « Payer en ligne » (the provider's settings are given). */
const onlinePaymentQueryOptions = queryOptions({
  queryKey: [...clientKeys.data, 'online-payment'] as const,
  queryFn: () => api<OnlinePayment>('/api/client/payments'),
});

/** True once the server said online payment is on; false while it loads or when it is off. */
export function useOnlinePayment(): boolean {
  return useQuery(onlinePaymentQueryOptions).data?.enabled ?? false;
}

/** « Payer en ligne »: the server makes the provider's page for this order (its own price) and the browser goes there. */
export function PayOnlineButton({ order, className }: { order: ClientOrder; className?: string }) {
  const enabled = useOnlinePayment();
  const start = useMutation({
    mutationFn: () => api<CheckoutStarted>(`/api/client/orders/${order.id}/checkout`, { method: 'POST' }),
    onSuccess: ({ url }) => {
      window.location.assign(url);
    },
    onError: (error) => {
      if (error instanceof ApiRequestError && error.status === 401) return;
      void notify(
        'error',
        'Paiement en ligne',
        serverMessage(error, 'Impossible d’ouvrir le paiement en ligne. Veuillez réessayer.'),
      );
    },
  });
  if (!enabled || order.paymentStatus !== 'pending' || Number(order.price) <= 0) return null;
  // Stays « en cours » after success: the page is leaving for the provider's.
  const busy = start.isPending || start.isSuccess;
  return (
    <Button onClick={() => start.mutate()} disabled={busy} className={className}>
      {busy ? (
        <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" />
      ) : (
        <CreditCard aria-hidden="true" className="h-4 w-4" />
      )}
      {busy ? 'Ouverture du paiement...' : 'Payer en ligne'}
    </Button>
  );
}

/** How long the page keeps asking after coming back from the provider; the webhook usually lands within seconds. */
const CONFIRMATION_WATCH_MS = 3 * 60_000;

/**
 * Back from the provider's page (/dashboard?paiement=retour&commande=…): « Paiement reçu » once the provider has
 * confirmed the order (the webhook), « Paiement en cours de confirmation » until then, asking again every few seconds.
 */
export function PaymentReturnNotice() {
  const [params] = useSearchParams();
  const outcome = params.get(PAYMENT_RETURN_PARAM);
  const orderId = Number(params.get(PAYMENT_ORDER_PARAM));
  const client = useQueryClient();
  const [watching, setWatching] = useState(true);
  const orders = useQuery(ordersQueryOptions);
  const order = orders.data?.items.find((o) => o.id === orderId);
  const confirmed = order !== undefined && order.paymentStatus !== 'pending';
  const waiting = outcome === 'retour' && order?.paymentStatus === 'pending' && watching;

  useEffect(() => {
    if (!waiting) return;
    const poll = setInterval(() => void client.invalidateQueries({ queryKey: clientKeys.orders }), 3000);
    const stop = setTimeout(() => setWatching(false), CONFIRMATION_WATCH_MS);
    return () => {
      clearInterval(poll);
      clearTimeout(stop);
    };
  }, [waiting, client]);
  // Paid: the subscription card and the invoice list follow.
  useEffect(() => {
    if (outcome === 'retour' && confirmed) void client.invalidateQueries({ queryKey: clientKeys.data });
  }, [outcome, confirmed, client]);

  if (!order || (outcome !== 'retour' && outcome !== 'annule')) return null;
  if (outcome === 'annule' && order.paymentStatus === 'pending') {
    return (
      <Notice tone="neutral" icon={<XCircle aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />}>
        Paiement annulé : rien n’a été débité. Votre commande de la formule {order.plan} reste en attente ; vous pouvez
        la régler quand vous voulez.
      </Notice>
    );
  }
  if (order.paymentStatus === 'paid') {
    return (
      <Notice tone="success" icon={<CheckCircle2 aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />}>
        Paiement reçu, merci ! Votre abonnement {order.plan} est enregistré et sa facture est dans « Mes factures ».
      </Notice>
    );
  }
  if (outcome === 'retour' && order.paymentRefused) {
    return (
      <Notice tone="neutral" icon={<XCircle aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />}>
        Le paiement n’a pas abouti : rien n’a été débité. Votre commande de la formule {order.plan} reste en attente ;
        réessayez avec « Payer en ligne » ou contactez-nous.
      </Notice>
    );
  }
  if (outcome !== 'retour' || order.paymentStatus !== 'pending') return null;
  return (
    <Notice tone="neutral" icon={<Loader2 aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 animate-spin" />}>
      {watching
        ? 'Paiement en cours de confirmation : votre banque et notre prestataire nous le confirment, cela prend en général quelques secondes.'
        : 'Paiement en cours de confirmation : la confirmation tarde. Rechargez la page dans quelques minutes ; si rien ne change, contactez-nous.'}
    </Notice>
  );
}

function Notice({ tone, icon, children }: { tone: 'success' | 'neutral'; icon: ReactNode; children: ReactNode }) {
  return (
    <div
      role="status"
      data-testid="payment-return"
      className={
        tone === 'success'
          ? 'flex gap-3 rounded-lg border border-emerald-300 bg-emerald-50 p-4 text-emerald-950'
          : 'flex gap-3 rounded-lg border border-slate-300 bg-slate-50 p-4 text-slate-900'
      }
    >
      {icon}
      <p>{children}</p>
    </div>
  );
}
