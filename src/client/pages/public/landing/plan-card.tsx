import { Link } from '#client/lib/router.ts';
import { devicesLabel, interventionsLabel, type Plan } from '#shared/plans.ts';
import { formatEuro } from '#shared/format.ts';
import { cn } from '#client/components/ui/cn.ts';
import { CHECK, Icon } from './icons.tsx';
import { planPrice } from './plan-facts.ts';
import { nbsp } from './typography.ts';

/** One plan with everything a visitor compares, and the link that starts the registration for it. */
export function PlanCard({ plan, active }: { plan: Plan; active: boolean }) {
  const titleId = `plan-${plan.id}-nom`;
  const facts = [
    ['Appareils', devicesLabel(plan.maxDevices)],
    ['Interventions', interventionsLabel(plan)],
    ['Délai de réponse', plan.responseTime],
    ['Horaires', plan.supportHours],
  ] as const;
  return (
    <article
      aria-labelledby={titleId}
      className={cn(
        'relative flex h-full flex-col rounded-2xl border bg-white p-6 transition duration-300 motion-reduce:transition-none',
        active ? 'border-brand-600 shadow-xl ring-1 ring-brand-600' : 'scale-95 border-slate-200 shadow-sm',
      )}
    >
      {plan.popular && (
        <p className="absolute -top-3.5 left-1/2 -translate-x-1/2 whitespace-nowrap rounded-full bg-amber-300 px-3 py-1 text-sm font-semibold text-slate-900 shadow-sm">
          Meilleure vente
        </p>
      )}
      <h3 id={titleId} className="text-2xl font-bold text-slate-900">
        {plan.name}
      </h3>
      <p className="mt-1 min-h-12 text-slate-700">{nbsp(plan.description)}</p>
      <p className="mt-4 flex flex-wrap items-baseline gap-x-2">
        <span className="text-4xl font-bold tracking-tight text-slate-900">{planPrice(plan)}</span>
        <span className="text-lg text-slate-700">pour {plan.durationText}</span>
      </p>
      <p className="mt-1 text-sm text-slate-600">
        {plan.durationMonths > 1
          ? `Soit ${formatEuro(plan.price / plan.durationMonths)} par mois, payé une fois`
          : 'Payé une fois'}
        , sans reconduction
      </p>
      <dl className="mt-5 space-y-2 border-y border-slate-200 py-4 text-slate-800">
        {facts.map(([term, value]) => (
          <div key={term} className="flex flex-wrap justify-between gap-x-3">
            <dt className="text-slate-600">{term}</dt>
            <dd className="text-right font-medium">{value}</dd>
          </div>
        ))}
      </dl>
      <ul className="mt-4 flex-1 space-y-2 text-slate-800">
        {plan.features.map((f) => (
          <li key={f} className="flex items-start gap-2">
            <Icon path={CHECK} className="mt-0.5 h-5 w-5 text-emerald-700" />
            {f}
          </li>
        ))}
      </ul>
      <Link
        to={`/register?plan=${plan.id}`}
        className={cn(
          'mt-6 inline-flex min-h-12 items-center justify-center rounded-lg px-6 text-lg font-semibold',
          active
            ? 'bg-brand-600 text-white hover:bg-brand-700'
            : 'border border-brand-600 text-brand-700 hover:bg-brand-50',
        )}
      >
        Choisir<span className="sr-only"> le plan {plan.name}</span>
      </Link>
    </article>
  );
}
