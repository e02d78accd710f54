import { cheapestPlan, fastestPlan, planPrice } from './plan-facts.ts';

/** Four key facts beside the hero's promise, read from the plan catalogue. */
export function HeroFigures() {
  const figures = [
    { value: `dès ${planPrice(cheapestPlan)}`, label: `pour ${cheapestPlan.durationText} d’assistance` },
    { value: fastestPlan.responseTime, label: `de délai de réponse avec la formule ${fastestPlan.name}` },
    { value: 'Windows et Mac', label: 'PC, portables, iMac, MacBook' },
    { value: '0 surprise', label: 'un prix payé une fois, rien ne se renouvelle seul' },
  ];
  return (
    <ul className="grid grid-cols-2 gap-3 sm:gap-4">
      {figures.map((f) => (
        <li key={f.value} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
          <span className="text-xl font-bold text-brand-700 sm:text-2xl">{f.value}</span>
          <span className="mt-1 text-sm text-slate-700 sm:text-base">{f.label}</span>
        </li>
      ))}
    </ul>
  );
}
