import { useQuery } from '@tanstack/react-query';
import { Card } from '../../../components/ui/card';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { ordersQueryOptions, subscriptionQueryOptions } from '../api/queries';
import { pendingOrderOf } from './subscription-facts';
import { SubscriptionCard } from './subscription-card';
import { SubscriptionOffers } from './subscription-offers';
import { PaymentReturnNotice } from '../payments/pay-online';

/** The subscription card with what can be ordered next (both dashboards). */
export function SubscriptionBlock() {
  const subscription = useQuery(subscriptionQueryOptions);
  const orders = useQuery(ordersQueryOptions);
  if (subscription.isPending) return <Card className="flex justify-center py-10"><Spinner /></Card>;
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
