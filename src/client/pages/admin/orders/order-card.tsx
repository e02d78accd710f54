import { useId, useState } from 'react';
import { ChevronDown, History } from 'lucide-react';
import type { OrderDto } from '#shared/orders/order-api.ts';
import { formatDate, formatEuro } from '#shared/format.ts';
import type { OrderDocuments as Documents } from '#shared/billing/invoice-api.ts';
import { isGifted, PAYMENT_METHOD_LABELS } from '#shared/billing/payment-labels.ts';
import { findPlan } from '#shared/plans.ts';
import { CopyButton } from '#client/components/ui/copy-button.tsx';
import { PaymentStatusBadge } from '#client/pages/admin/common/status-badges.tsx';
import { OrderCredentials } from './order-credentials.tsx';
import { OrderActions } from './order-actions.tsx';
import { OrderHistory } from './order-history.tsx';
import { OrderDocuments } from './order-documents.tsx';
import { DetailItem } from '#client/pages/admin/common/detail-item.tsx';
import { PhoneLink } from '#client/pages/admin/common/phone-link.tsx';
import { OrderOnlinePayment } from './order-online-payment.tsx';
import { OrderConsent } from './order-consent.tsx';

// Per-order costs are 0.1, 0.25, 0.5…: two decimals so 0.25 does not read as 0.3.
const orderCredits = (n: number) => n.toLocaleString('fr-FR', { minimumFractionDigits: 1, maximumFractionDigits: 2 });

/**
 * One order as a card (a table would be cramped with credentials, key and actions). The card is a size container,
 * so it lays out by its own width: wide in the Commandes tab, narrower in a customer's detail pane, stacked on a phone.
 */
export function OrderCard({ order }: { order: OrderDto & Documents }) {
  const titleId = `order-${order.id}-title`;
  const historyId = useId();
  const [showHistory, setShowHistory] = useState(false);
  const gifted = isGifted(order);
  return (
    <article
      aria-labelledby={titleId}
      className="@container rounded-xl border border-slate-200 bg-white shadow-sm"
      data-testid={`order-${order.id}`}
    >
      <header className="flex flex-col gap-1 border-b border-slate-100 px-4 py-3 @xl:flex-row @xl:items-center @xl:justify-between @xl:gap-3">
        <div className="min-w-0">
          <h3 id={titleId} className="flex flex-wrap items-baseline gap-x-2 font-semibold text-slate-900">
            <span className="font-mono text-sm font-medium text-slate-600">Commande n° {order.id}</span>
            <span className="break-words">{order.clientName}</span>
          </h3>
          <p className="text-sm text-slate-600">
            <span className="break-all">{order.clientEmail}</span>
            {order.clientPhone && (
              <>
                {' · '}
                <PhoneLink phone={order.clientPhone} />
              </>
            )}
          </p>
        </div>
        <div className="flex shrink-0 items-center gap-3">
          <PaymentStatusBadge status={order.paymentStatus} />
          <span className="text-lg font-bold tabular-nums text-slate-900">
            {gifted ? <span className="text-purple-800">OFFERT</span> : formatEuro(order.price)}
          </span>
        </div>
      </header>

      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 px-4 py-3 @xl:grid-cols-4 @4xl:grid-cols-[repeat(4,minmax(0,1fr))_minmax(0,1.6fr)]">
        <DetailItem label="Plan">{findPlan(order.plan)?.name ?? order.plan}</DetailItem>
        <DetailItem label="Date">{formatDate(order.orderDate)}</DetailItem>
        <DetailItem label="Paiement">{PAYMENT_METHOD_LABELS[order.paymentMethod] ?? order.paymentMethod}</DetailItem>
        <DetailItem label="Coût crédits">{orderCredits(order.creditCost)}</DetailItem>
        <DetailItem label="Clé de vérification" className="col-span-2 @xl:col-span-4 @4xl:col-span-1">
          <span className="inline-flex items-center gap-2">
            <span className="font-mono">{order.verificationKey}</span>
            <CopyButton value={order.verificationKey} label="Copier la clé de vérification" className="h-7 w-7" />
          </span>
        </DetailItem>
        <OrderCredentials order={order} />
        <OrderOnlinePayment order={order} />
        <OrderConsent order={order} />
        {order.notes && (
          <DetailItem label="Notes" className="col-span-full">
            <span className="whitespace-pre-line">{order.notes}</span>
          </DetailItem>
        )}
      </dl>

      <div className="border-t border-slate-100 px-4 py-3">
        <OrderDocuments documents={order.documents} clientName={order.clientName} />
      </div>

      <div className="border-t border-slate-100 px-4 py-3">
        <OrderActions
          order={order}
          extra={
            <button
              type="button"
              aria-expanded={showHistory}
              aria-controls={historyId}
              onClick={() => setShowHistory((v) => !v)}
              className="inline-flex h-9 shrink-0 items-center gap-2 rounded-lg px-3 text-sm font-medium text-slate-700 hover:bg-slate-100 @2xl:ml-auto"
            >
              <History aria-hidden="true" className="h-4 w-4" /> Historique
              <ChevronDown
                aria-hidden="true"
                className={showHistory ? 'h-4 w-4 rotate-180 transition-transform' : 'h-4 w-4 transition-transform'}
              />
            </button>
          }
        />
      </div>
      <div id={historyId} hidden={!showHistory} className="border-t border-slate-100 px-4 py-3">
        {showHistory && <OrderHistory orderId={order.id} />}
      </div>
    </article>
  );
}
