import type { CurrentSubscription } from '#shared/subscriptions/subscription-api.ts';
import { allowanceUsed } from './subscription-facts.ts';

/** True when the server would refuse a new request: no subscription running, or the month's allowance used. */
export function assistanceRefused(subscription: CurrentSubscription | null | undefined): boolean {
  return subscription === null || (!!subscription && allowanceUsed(subscription));
}

/**
 * Why asking for help cannot work today: an order awaiting payment, no plan, or the month's allowance used. Shown under
 * the home's buttons, and in place of « Créer une demande »'s form, before anything is typed.
 */
export function AssistanceNotices({
  subscription,
  awaitingPayment,
}: {
  subscription: CurrentSubscription | null | undefined;
  awaitingPayment: boolean;
}) {
  return (
    <>
      {subscription === null && awaitingPayment && (
        <p className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-950" data-testid="awaiting-payment">
          Votre commande attend son paiement&nbsp;: vous pourrez demander une assistance dès qu’il sera confirmé.
        </p>
      )}
      {subscription === null && !awaitingPayment && (
        <p className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-950" data-testid="no-subscription">
          Nos techniciens interviennent pour les abonnés&nbsp;:{' '}
          <a href="#tarifs" className="font-medium underline">
            choisissez une formule
          </a>{' '}
          pour demander une assistance.
        </p>
      )}
      {subscription && allowanceUsed(subscription) && (
        <p className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-950" data-testid="allowance-used">
          Vous avez utilisé les {subscription.interventionsPerMonth} interventions de votre formule ce mois-ci. Pour une
          nouvelle demande, contactez-nous ou passez à une formule illimitée.
        </p>
      )}
    </>
  );
}
