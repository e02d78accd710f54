import { formatEuro } from '#shared/format.ts';
import type { Plan } from '#shared/plans.ts';
import type { OrderConsentInput } from '#shared/orders/order-consent.ts';
import { Button, SubmitButton } from '#client/components/ui/button.tsx';
import { OrderConsentBoxes, useConsentBoxes } from '#client/components/order/order-consent-boxes.tsx';
import { useOnlinePayment } from '#client/pages/client/payments/pay-online.tsx';

/** « Renouveler » confirmed: the price and start, then the order's two boxes (docs/decisions/041). */
export function RenewalConfirm({
  plan,
  pending,
  onConfirm,
  onCancel,
}: {
  plan: Plan;
  pending: boolean;
  onConfirm(consent: OrderConsentInput): void;
  onCancel(): void;
}) {
  const online = useOnlinePayment();
  const consent = useConsentBoxes();
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (consent.check()) onConfirm(consent.values);
      }}
    >
      <p className="text-slate-700">
        {formatEuro(plan.price)} pour {plan.durationText}, à partir du lendemain de la fin de votre abonnement.{' '}
        {online
          ? 'Vous la réglerez en ligne par carte bancaire, ou notre équipe vous contacte.'
          : 'Notre équipe vous contacte pour le règlement.'}
      </p>
      <OrderConsentBoxes accept={consent.accept} express={consent.express} error={consent.error} />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          Annuler
        </Button>
        <SubmitButton disabled={pending}>{pending ? 'Envoi...' : 'Renouveler'}</SubmitButton>
      </div>
    </form>
  );
}
