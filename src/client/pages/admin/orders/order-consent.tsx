import type { OrderDto } from '#shared/orders/order-api.ts';
import { formatDate, formatDateTime, formatEuro } from '#shared/format.ts';
import { findCgvVersion } from '#shared/orders/cgv-versions.ts';
import { DetailItem } from '#client/pages/admin/common/detail-item.tsx';

/**
 * What the client ticked when ordering, and their withdrawal (docs/decisions/041): staff issue the credit note of the
 * amount shown (« Remboursé » refunds the card when the order was paid online).
 */
export function OrderConsent({ order }: { order: OrderDto }) {
  const { consent, withdrawal } = order;
  return (
    <>
      {consent && (
        <DetailItem label="CGV et démarrage" className="col-span-full">
          CGV du {findCgvVersion(consent.cgvVersion)?.label ?? consent.cgvVersion} acceptées le{' '}
          {formatDateTime(consent.acceptedAt)} ·{' '}
          {consent.expressRequestAt
            ? `démarrage avant la fin du délai de rétractation demandé le ${formatDate(consent.expressRequestAt)}`
            : 'démarrage immédiat non demandé'}
        </DetailItem>
      )}
      {withdrawal && (
        <DetailItem label="Rétractation" className="col-span-full">
          <span className="block rounded-lg bg-amber-50 px-3 py-2 text-amber-950" data-testid="order-withdrawal">
            Le client s’est rétracté le {formatDate(withdrawal.at)} : établissez un avoir de{' '}
            <strong>{formatEuro(withdrawal.refund)}</strong> (« Remboursé », qui rembourse aussi la carte si la commande
            a été payée en ligne), sous 14 jours.
          </span>
        </DetailItem>
      )}
    </>
  );
}
