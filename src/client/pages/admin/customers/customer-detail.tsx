import { useEffect, useRef } from 'react';
import type { CustomerDto } from '#shared/orders/customer-api.ts';
import { formatCredits, formatEuro } from '#shared/format.ts';
import { CopyButton } from '#client/components/ui/copy-button.tsx';
import { OrderList } from '#client/pages/admin/orders/order-list.tsx';
import { DetailItem } from '#client/pages/admin/common/detail-item.tsx';
import { DeviceList } from '#client/pages/admin/devices/device-list.tsx';
import { RetentionCard } from './retention-erasure.tsx';
import { PhoneLink } from '#client/pages/admin/common/phone-link.tsx';

/** `onErased`: an account past its period was just anonymised from its pane (« Conservation dépassée »). */
export function CustomerDetail({ customer, onErased }: { customer: CustomerDto; onErased(): void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // On a phone the pane sits below the list: bring it into view (and focus there) when a customer is chosen.
  useEffect(() => {
    if (!window.matchMedia('(max-width: 1023px)').matches) return;
    headingRef.current?.focus({ preventScroll: true });
    headingRef.current?.scrollIntoView({ block: 'start' });
  }, [customer.email]);

  return (
    <section aria-labelledby="customer-detail-title" className="space-y-4">
      <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
        <h3 id="customer-detail-title" ref={headingRef} tabIndex={-1} className="text-lg font-bold text-slate-900">
          {customer.name}
        </h3>
        <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-4">
          <DetailItem label="E-mail" className="col-span-2">
            {customer.email}
          </DetailItem>
          <DetailItem label="Téléphone">{customer.phone ? <PhoneLink phone={customer.phone} /> : '-'}</DetailItem>
          <DetailItem label="Nom d'utilisateur">
            {customer.username ? (
              <span className="inline-flex items-center gap-2">
                <span className="font-mono">{customer.username}</span>
                <CopyButton value={customer.username} label="Copier le nom d'utilisateur" />
              </span>
            ) : (
              'Non généré'
            )}
          </DetailItem>
          <DetailItem label="Chiffre d'affaires">
            <span className="font-semibold">{formatEuro(customer.revenue, { whole: true })}</span>
          </DetailItem>
          <DetailItem label="Commandes">{customer.orderCount}</DetailItem>
          <DetailItem label="Offertes">{customer.giftedCount}</DetailItem>
          <DetailItem label="Crédits RFS">{formatCredits(customer.credits)}</DetailItem>
        </dl>
      </div>
      {customer.retention && (
        <RetentionCard customer={{ ...customer, retention: customer.retention }} onErased={onErased} />
      )}
      <div>
        <h4 className="mb-2 font-semibold text-slate-900">Appareils</h4>
        <DeviceList
          key={customer.email}
          filter={{ email: customer.email }}
          showClient={false}
          empty="Aucun appareil déclaré."
        />
      </div>
      <div>
        <h4 className="mb-2 font-semibold text-slate-900">Historique des commandes</h4>
        <OrderList key={customer.email} email={customer.email} pageSize={10} />
      </div>
    </section>
  );
}
