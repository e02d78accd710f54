import { CircleCheck } from 'lucide-react';
import { Card } from '#client/components/ui/card.tsx';
import { PRICING_HREF } from '#client/components/layout/public-layout.tsx';
import { devicesLabel, type Plan } from '#shared/plans.ts';
import { formatEuro } from '#shared/format.ts';

/** « 50,00 € / 1 an » */
export function pricePerPeriod(plan: Plan): string {
  return `${formatEuro(plan.price)} / ${plan.durationText}`;
}

/** 'Plan sélectionné': what the visitor chose on the landing page (?plan=). */
export function SelectedPlanCard({ plan }: { plan: Plan }) {
  return (
    <Card className="border-brand-600/40 bg-brand-50">
      <h2 className="flex items-center gap-2 text-sm font-semibold uppercase tracking-wide text-brand-800">
        <CircleCheck aria-hidden="true" className="h-5 w-5" /> Plan sélectionné
      </h2>
      <p className="mt-3 text-2xl font-bold text-slate-900">{plan.name}</p>
      <p className="mt-1 text-lg font-semibold text-brand-800">{pricePerPeriod(plan)}</p>
      <ul className="mt-3 space-y-1 text-sm text-slate-700">
        <li>
          {devicesLabel(plan.maxDevices)} {plan.maxDevices > 1 ? 'couverts' : 'couvert'}
        </li>
        <li>Sans renouvellement automatique</li>
      </ul>
      <a
        href={PRICING_HREF}
        className="mt-2 inline-flex min-h-11 items-center text-sm font-medium text-brand-700 underline"
      >
        Changer d’abonnement
      </a>
    </Card>
  );
}
