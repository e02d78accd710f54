import { AlertTriangle, ExternalLink } from 'lucide-react';
import type { OrderDto } from '#shared/orders/order-api.ts';
import type { CheckoutStatus } from '#shared/billing/payment-labels.ts';
import { DetailItem } from '#client/pages/admin/common/detail-item.tsx';

const SESSION_STATES: Record<CheckoutStatus, string> = {
  open: 'session ouverte',
  paid: 'payé',
  expired: 'session expirée',
  failed: 'refusé',
  mismatch: 'à vérifier',
};

/**
 * An order's online payment in its card: the provider's reference (payment intent, else the session) with its page in
 * the provider's dashboard, and why a payment did not go through when staff have something to look at.
 */
export function OrderOnlinePayment({ order }: { order: Pick<OrderDto, 'onlinePayment' | 'paymentIssue'> }) {
  const online = order.onlinePayment;
  return (
    <>
      {online && (
        <DetailItem label="Paiement en ligne" className="col-span-2">
          <span className="font-mono">{online.paymentIntent ?? online.sessionId}</span> ({SESSION_STATES[online.status]}
          ){' '}
          <a
            href={online.dashboardUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 font-medium text-brand-700 underline hover:text-brand-800"
          >
            Voir dans Stripe <ExternalLink aria-hidden="true" className="h-3.5 w-3.5" />
            <span className="sr-only">(nouvel onglet)</span>
          </a>
        </DetailItem>
      )}
      {order.paymentIssue && (
        <div
          className="col-span-full flex gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
          data-testid="payment-issue"
        >
          <AlertTriangle aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
          <p>{order.paymentIssue}</p>
        </div>
      )}
    </>
  );
}
