import { useQuery } from '@tanstack/react-query';
import { WithdrawFromOrder } from '#client/pages/client/withdrawal/withdraw-button.tsx';
import { Download } from 'lucide-react';
import type { ClientOrder } from '#shared/orders/order-api.ts';
import { formatDate, formatEuro } from '#shared/format.ts';
import { DOCUMENT_KIND_LABELS } from '#shared/billing/billing-labels.ts';
import { buttonClass } from '#client/components/ui/button.tsx';
import { LoadError } from '#client/components/ui/load-error.tsx';
import { PaymentStatusBadge } from '#client/components/ui/status-badges.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { ordersQueryOptions } from '#client/pages/client/api/queries.ts';
import { PayOnlineButton } from '#client/pages/client/payments/pay-online.tsx';

function period(order: ClientOrder): string {
  return order.startsOn && order.endsOn
    ? `Du ${formatDate(order.startsOn)} au ${formatDate(order.endsOn)}`
    : `Commandé le ${formatDate(order.orderDate)}`;
}

/**
 * « Mes factures »: every order of the client, newest first, with the invoice issued when it was paid and any credit
 * note (avoir) that cancelled or refunded it, each a PDF download.
 */
export function Invoices() {
  const orders = useQuery(ordersQueryOptions);
  if (orders.isPending)
    return (
      <div className="flex justify-center py-6">
        <Spinner />
      </div>
    );
  if (orders.isError) return <LoadError error={orders.error} onRetry={() => void orders.refetch()} />;
  if (orders.data.items.length === 0) return <p className="text-slate-700">Aucune facture pour le moment.</p>;
  return (
    // Side by side only when the card is wide enough (its own width, not the window's: on a desktop it shares a row).
    <ul className="@container divide-y divide-slate-200">
      {orders.data.items.map((order) => (
        <li
          key={order.id}
          className="flex flex-col gap-3 py-3 first:pt-0 last:pb-0 @lg:flex-row @lg:items-center @lg:justify-between"
        >
          <div className="min-w-0">
            <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
              {order.plan} <span className="font-normal text-slate-700">{formatEuro(order.price)}</span>
              <PaymentStatusBadge status={order.paymentStatus} />
            </p>
            <p className="text-sm text-slate-600">{period(order)}</p>
          </div>
          <PayOnlineButton order={order} className="shrink-0 self-start @lg:self-center" />
          <WithdrawFromOrder order={order} />
          {order.documents.length > 0 && (
            <ul className="flex shrink-0 flex-col gap-2" aria-label={`Documents de la commande ${order.plan}`}>
              {order.documents.map((doc) => (
                <li key={doc.id} className="flex flex-wrap items-center justify-between gap-2 @lg:justify-end">
                  <span className="text-sm text-slate-700">
                    {DOCUMENT_KIND_LABELS[doc.kind]} n° {doc.number} du {formatDate(doc.issuedOn)}
                    {doc.kind === 'credit_note' && <> · − {formatEuro(doc.totalTtc)}</>}
                  </span>
                  <a
                    href={`/api/client/documents/${doc.id}/pdf`}
                    download
                    className={buttonClass('secondary', 'md', 'shrink-0')}
                    aria-label={`Télécharger ${doc.kind === 'credit_note' ? 'l’avoir' : 'la facture'} ${doc.number} (PDF)`}
                  >
                    <Download aria-hidden="true" className="h-4 w-4" /> Télécharger
                  </a>
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ul>
  );
}
