import type { ReactNode } from 'react';
import { CalendarDays, ShieldCheck } from 'lucide-react';
import type { CurrentSubscription } from '#shared/subscriptions/subscription-api.ts';
import { devicesLabel } from '#shared/plans.ts';
import { formatDate, formatEuro } from '#shared/format.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import { buttonClass } from '#client/components/ui/button.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { allowanceText, daysLeftText, priceText } from './subscription-facts.ts';

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="flex items-baseline justify-between gap-4 border-b border-slate-100 py-2 last:border-b-0 sm:block sm:border-b-0 sm:py-0">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="text-right font-semibold text-slate-900 sm:mt-0.5 sm:text-left" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** The running subscription (docs/specification.md §2 « Subscription card », with its dates: docs/decisions/006). */
export function SubscriptionCard({
  subscription,
  awaitingPayment = false,
  children,
}: {
  subscription: CurrentSubscription | null;
  /** an order waits for its payment: the offers give way to it, so there is nothing to choose */
  awaitingPayment?: boolean;
  children?: ReactNode;
}) {
  return (
    <Card as="section" className="p-4 sm:p-6" aria-labelledby="abonnement-titre">
      <div className="flex items-start justify-between gap-3">
        <h2 id="abonnement-titre" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <ShieldCheck aria-hidden="true" className="h-5 w-5 text-brand-700" /> Mon abonnement
        </h2>
        {subscription && <Badge tone="green">Actif</Badge>}
      </div>
      {subscription ? <Facts subscription={subscription} /> : <NoSubscription awaitingPayment={awaitingPayment} />}
      {children}
    </Card>
  );
}

function Facts({ subscription: s }: { subscription: CurrentSubscription }) {
  return (
    <>
      <p className="mt-3 text-2xl font-bold text-slate-900" data-testid="plan-name">
        {s.plan}
      </p>
      <p className="text-slate-700">{priceText(s.price, s.durationMonths, formatEuro)}</p>
      <dl className="mt-4 grid gap-x-6 sm:grid-cols-2 sm:gap-y-4">
        <Fact label="Interventions ce mois-ci" testId="allowance">
          {allowanceText(s)}
        </Fact>
        <Fact label="Appareils couverts">{devicesLabel(s.maxDevices)}</Fact>
        <Fact label="Début">{formatDate(s.startsOn)}</Fact>
        <Fact label="Fin" testId="ends-on">
          {formatDate(s.endsOn)}
        </Fact>
      </dl>
      <p
        className="mt-4 flex items-center gap-2 rounded-lg bg-brand-50 px-3 py-2 text-sm font-medium text-brand-900"
        data-testid="days-left"
      >
        <CalendarDays aria-hidden="true" className="h-4 w-4 shrink-0" /> {daysLeftText(s.daysLeft)}
      </p>
      {s.next && (
        <p className="mt-3 text-sm text-slate-700">
          Ensuite : {s.next.plan}, du {formatDate(s.next.startsOn)} au {formatDate(s.next.endsOn)}.
        </p>
      )}
    </>
  );
}

function NoSubscription({ awaitingPayment }: { awaitingPayment: boolean }) {
  return (
    <div className="mt-3">
      <p className="text-lg font-semibold text-slate-900">Aucun abonnement actif</p>
      {awaitingPayment ? (
        <p className="mt-1 text-slate-700">Votre abonnement démarrera dès que votre paiement sera confirmé.</p>
      ) : (
        <ChoosePlan />
      )}
    </div>
  );
}

function ChoosePlan() {
  return (
    <>
      <p className="mt-1 text-slate-700">Choisissez une formule pour être aidé par nos techniciens.</p>
      {/* The offers are on this page (a signed-in client's / is the dashboard, not the landing page). */}
      <a href="#tarifs" className={buttonClass('primary', 'md', 'mt-3')}>
        Voir nos offres
      </a>
    </>
  );
}
