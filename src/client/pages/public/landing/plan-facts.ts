import { PLANS, devicesLabel, interventionsLabel, type Plan } from '#shared/plans.ts';
import { formatEuro } from '#shared/format.ts';

// Sentences about the plans, built from the one catalogue so the FAQ and the chat bot never repeat a figure by hand.

/** "50 €" for a whole price, "12,50 €" otherwise. */
export function planPrice(plan: Pick<Plan, 'price'>): string {
  return formatEuro(plan.price, { whole: Number.isInteger(plan.price) });
}

/** "Pro, Duo et Famille" */
export function joinFr(items: string[]): string {
  return items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} et ${items[items.length - 1]}`;
}

/** Plans sharing the same value, in catalogue order: [['15 min', ['Pro', 'Duo', 'Famille']], …]. */
function groupBy(value: (plan: Plan) => string): Array<[string, string[]]> {
  const groups = new Map<string, string[]>();
  for (const plan of PLANS) groups.set(value(plan), [...(groups.get(value(plan)) ?? []), plan.name]);
  return [...groups];
}

const byPrice = [...PLANS].sort((a, b) => a.price - b.price);
export const cheapestPlan = byPrice[0]!;
export const priciestPlan = byPrice[byPrice.length - 1]!;
export const fastestPlan = [...PLANS].sort((a, b) => minutes(a.responseTime) - minutes(b.responseTime))[0]!;

/** "2 à 4 h" → 120, "30 min" → 30: the first number with its unit, enough to rank response times. */
function minutes(text: string): number {
  const n = Number(/\d+/.exec(text)?.[0] ?? Infinity);
  return /min/.test(text) ? n : n * 60;
}

export const fastestPlans = PLANS.filter((p) => p.responseTime === fastestPlan.responseTime).map((p) => p.name);
export const expressPlans = PLANS.filter((p) => p.features.some((f) => /urgence express/i.test(f))).map((p) => p.name);

export function priceList(): string {
  return PLANS.map(
    (p) =>
      `${p.name} : ${planPrice(p)} pour ${p.durationText}${p.maxDevices > 1 ? `, ${devicesLabel(p.maxDevices)}` : ''}`,
  ).join(' ; ');
}

export function responseTimes(): string {
  return groupBy((p) => p.responseTime)
    .map(([time, names]) => `${time} avec ${joinFr(names)}`)
    .join(', ');
}

export function supportHours(): string {
  return groupBy((p) => p.supportHours)
    .map(([hours, names]) => `${hours} (${joinFr(names)})`)
    .join(' ; ');
}

export function devicesPerPlan(): string {
  return groupBy((p) => devicesLabel(p.maxDevices))
    .map(([devices, names]) => `${devices} avec ${joinFr(names)}`)
    .join(', ');
}

export function interventionsPerPlan(): string {
  return groupBy((p) => interventionsLabel(p).toLowerCase())
    .map(([count, names]) => `${count} avec ${joinFr(names)}`)
    .join(', ');
}
