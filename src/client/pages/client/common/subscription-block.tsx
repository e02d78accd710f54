import { useQuery } from '@tanstack/react-query';
import { Card } from '#client/components/ui/card.tsx';
import { LoadError } from '#client/components/ui/load-error.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { ordersQueryOptions, subscriptionQueryOptions } from '#client/pages/client/api/queries.ts';
import { pendingOrderOf } from './subscription-facts.ts';
import { SubscriptionCard } from './subscription-card.tsx';
import { SubscriptionOffers } from './subscription-offers.tsx';
import { PaymentReturnNotice } from '#client/pages/client/payments/pay-online.tsx';

/** The subscription card with what can be ordered next (both dashboards). */
export function SubscriptionBlock() {
  const subscription = useQuery(subscriptionQueryOptions);
  const orders = useQuery(ordersQueryOptions);
  if (subscription.isPending)
    return (
      <Card className="flex justify-center py-10">
        <Spinner />
      </Card>
    );
  if (subscription.isError) return <LoadError error={subscription.error} onRetry={() => void subscription.refetch()} />;
  return (
    <div className="space-y-4">
      <PaymentReturnNotice />
      <SubscriptionCard subscription={subscription.data} awaitingPayment={!!pendingOrderOf(orders.data?.items ?? [])}>
        <SubscriptionOffers subscription={subscription.data} orders={orders.data?.items ?? []} />
      </SubscriptionCard>
    </div>
  );
}
