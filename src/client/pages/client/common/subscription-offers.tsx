import { useEffect, useState } from 'react';
import { useSearchParams } from '#client/lib/router.ts';
import { Clock, RefreshCw } from 'lucide-react';
import type { ClientOrder } from '#shared/orders/order-api.ts';
import type { CurrentSubscription } from '#shared/subscriptions/subscription-api.ts';
import { findPlan, getPlan, type PlanId } from '#shared/plans.ts';
import { formatDate, formatEuro } from '#shared/format.ts';
import { ApiRequestError, serverMessage } from '#client/lib/api.ts';
import { notify } from '#client/lib/notify.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { LazyConfirmDialog, LazyDialog } from '#client/components/ui/lazy-dialog.tsx';
import { useSubscribe } from '#client/pages/client/api/subscription-mutations.ts';
import { PlanPicker } from './plan-picker.tsx';
import { PayOnlineButton, useOnlinePayment } from '#client/pages/client/payments/pay-online.tsx';
import { pendingOrderOf, renewalWindowDays } from './subscription-facts.ts';

type OffersProps = { subscription: CurrentSubscription | null; orders: ClientOrder[] };

/**
 * What the client can do about the next period (docs/decisions/006, docs/specification.md §7 POST /api/subscriptions):
 * a pending order says it waits for payment; otherwise, near the end or without a subscription, « Renouveler » and
 * « Changer de formule ». Nothing while a long way from the end or when the next period is already paid.
 */
export function SubscriptionOffers({ subscription, orders }: OffersProps) {
  // The renewal reminder e-mail links to /dashboard?renouveler=<plan>: that plan is offered at once, whatever the window.
  const [params] = useSearchParams();
  const asked = findPlan(params.get('renouveler'))?.id;
  const pendingOrder = pendingOrderOf(orders);
  if (pendingOrder) return <PendingOrder order={pendingOrder} />;
  if (subscription?.next) return null;
  if (!asked && subscription && subscription.daysLeft > renewalWindowDays(subscription.durationMonths)) return null;
  // The plan to renew: the one the e-mail named, else the running one, else the last one paid.
  const lastPlan = asked ?? subscription?.planId ?? orders.find((o) => o.paymentStatus === 'paid')?.planId;
  return subscription ? (
    <RenewalNotice subscription={subscription} lastPlan={lastPlan} confirmAtOnce={Boolean(asked)} />
  ) : (
    <Offers lastPlan={lastPlan} />
  );
}

function useSubscribeWithToasts() {
  const subscribe = useSubscribe();
  // mutateAsync: the pending order replaces these buttons as soon as the lists refresh, and callbacks given to
  // mutate() would be dropped with the unmounted buttons; the promise still settles.
  const order = (planId: PlanId, onDone?: () => void) =>
    subscribe.mutateAsync({ planId }).then(
      () => {
        notify('success', 'Abonnement créé', 'Votre abonnement a été créé avec succès !');
        onDone?.();
      },
      (error: unknown) => {
        // A 401 is answered once for the whole client area (query-client.tsx).
        if (error instanceof ApiRequestError && error.status === 401) return;
        notify('error', 'Erreur', serverMessage(error, 'Impossible de créer l’abonnement. Veuillez réessayer.'));
      },
    );
  return { order: (planId: PlanId, onDone?: () => void) => void order(planId, onDone), pending: subscribe.isPending };
}

function PendingOrder({ order }: { order: ClientOrder }) {
  const online = useOnlinePayment();
  return (
    <div
      className="mt-4 flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950"
      data-testid="pending-order"
    >
      <Clock aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
      <div className="min-w-0">
        <p>
          Votre commande de la formule <strong>{order.plan}</strong> ({formatEuro(order.price)}) du{' '}
          {formatDate(order.orderDate)} est <strong>en attente de paiement</strong>.{' '}
          {online
            ? 'Réglez-la en ligne par carte bancaire, ou attendez que notre équipe vous contacte ; l’abonnement démarre dès la confirmation du paiement.'
            : 'Notre équipe vous contacte pour le règlement ; l’abonnement démarre dès sa confirmation.'}
        </p>
        <PayOnlineButton order={order} className="mt-3 w-full sm:w-auto" />
      </div>
    </div>
  );
}

function RenewalNotice({
  subscription,
  lastPlan,
  confirmAtOnce,
}: {
  subscription: CurrentSubscription;
  lastPlan: PlanId | undefined;
  confirmAtOnce: boolean;
}) {
  const { order, pending } = useSubscribeWithToasts();
  const online = useOnlinePayment();
  const [confirming, setConfirming] = useState(false);
  // Opened after hydration: the server's page and the first render in the browser stay the same.
  useEffect(() => {
    if (confirmAtOnce) setConfirming(true);
  }, [confirmAtOnce]);
  const [picking, setPicking] = useState(false);
  const plan = lastPlan ? getPlan(lastPlan) : undefined;
  return (
    <div className="mt-4 rounded-lg border border-slate-200 bg-slate-50 p-4">
      <p className="font-medium text-slate-900">Votre abonnement se termine le {formatDate(subscription.endsOn)}.</p>
      <p className="mt-1 text-sm text-slate-700">
        Renouvelez-le dès maintenant : le nouvel abonnement commencera le lendemain, sans perdre un jour.
      </p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        {plan && (
          <Button onClick={() => setConfirming(true)} disabled={pending}>
            <RefreshCw aria-hidden="true" className="h-4 w-4" /> Renouveler
          </Button>
        )}
        <Button variant="secondary" onClick={() => setPicking(true)} disabled={pending}>
          Changer de formule
        </Button>
      </div>
      {plan && (
        <LazyConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={`Renouveler la formule ${plan.name} ?`}
          description={`${formatEuro(plan.price)} pour ${plan.durationText}, à partir du lendemain de la fin de votre abonnement. ${online ? 'Vous la réglerez en ligne par carte bancaire, ou notre équipe vous contacte.' : 'Notre équipe vous contacte pour le règlement.'}`}
          confirmLabel="Renouveler"
          onConfirm={() => order(plan.id)}
        />
      )}
      <LazyDialog
        open={picking}
        onOpenChange={setPicking}
        title="Changer de formule"
        wide
        description="La nouvelle formule commencera le lendemain de la fin de votre abonnement actuel."
      >
        <PlanPicker
          initial={lastPlan}
          pending={pending}
          onCancel={() => setPicking(false)}
          onChoose={(id) => order(id, () => setPicking(false))}
        />
      </LazyDialog>
    </div>
  );
}

function Offers({ lastPlan }: { lastPlan: PlanId | undefined }) {
  const { order, pending } = useSubscribeWithToasts();
  return (
    <section id="tarifs" aria-labelledby="offres-titre" className="mt-6 scroll-mt-4 border-t border-slate-200 pt-5">
      <h3 id="offres-titre" className="text-lg font-semibold text-slate-900">
        Nos offres
      </h3>
      <p className="mb-4 mt-1 text-slate-700">
        {lastPlan ? 'Renouvelez votre formule ou choisissez-en une autre.' : 'Choisissez la formule qui vous convient.'}
      </p>
      <PlanPicker initial={lastPlan} pending={pending} onChoose={(id) => order(id)} />
    </section>
  );
}
