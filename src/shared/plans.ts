// The one plan catalogue (docs/decisions/027): landing, registration, CGV, orders and invoices all read it.
import { addBusinessMinutes, ALWAYS_OPEN, hours, type SupportSchedule } from './calendar/support-clock.ts';
export const PLAN_IDS = ['basique', 'standard', 'etendue', 'pro', 'duo', 'famille'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export type Plan = {
  id: PlanId;
  name: string;
  price: number;
  durationMonths: number;
  durationText: string;
  description: string;
  /** null = unlimited */
  interventionsPerMonth: number | null;
  maxDevices: number;
  responseTime: string;
  supportHours: string;
  /**
   * The promise behind responseTime and supportHours (docs/decisions/035): business minutes to the first response
   * for a normal request and an urgent one (urgency 'high'), each counted on its schedule.
   */
  support: SupportPromise;
  /** RFS credit cost of one order of this plan */
  creditCost: number;
  popular: boolean;
  features: string[];
};

type SupportPromise = {
  normal: { minutes: number; schedule: SupportSchedule };
  urgent: { minutes: number; schedule: SupportSchedule };
};

const closed = null;
/** Monday to Friday, closed on public holidays (« du lundi au vendredi »). */
const weekdays = (from: number, to: number): SupportSchedule => ({
  days: [closed, hours(from, to), hours(from, to), hours(from, to), hours(from, to), hours(from, to), closed],
  openOnHolidays: false,
});
/** Monday to Saturday, closed on public holidays (« du lundi au samedi »). */
const mondayToSaturday = (from: number, to: number): SupportSchedule => ({
  days: [closed, ...Array<ReturnType<typeof hours>>(6).fill(hours(from, to))],
  openOnHolidays: false,
});
/** Every day, public holidays included (« 7 jours sur 7 »). */
const everyDay = (from: number, to: number): SupportSchedule => ({
  days: Array(7).fill(hours(from, to)),
  openOnHolidays: true,
});

/**
 * A range (« 2 à 4 h ») promises its upper bound for a normal request and its lower bound for an urgent one. The
 * yearly plans sell « Urgence express en moins de 30 min »: an urgent request is answered within 30 minutes at any
 * hour, holidays included, while a normal one keeps the 15 minutes of the 8h–22h hours.
 */
const BASIQUE_SUPPORT: SupportPromise = {
  normal: { minutes: 240, schedule: weekdays(9, 18) },
  urgent: { minutes: 120, schedule: weekdays(9, 18) },
};
const STANDARD_SUPPORT: SupportPromise = {
  normal: { minutes: 120, schedule: mondayToSaturday(8, 20) },
  urgent: { minutes: 60, schedule: mondayToSaturday(8, 20) },
};
const ETENDUE_SUPPORT: SupportPromise = {
  normal: { minutes: 30, schedule: mondayToSaturday(8, 20) },
  urgent: { minutes: 30, schedule: mondayToSaturday(8, 20) },
};
const YEARLY_SUPPORT: SupportPromise = {
  normal: { minutes: 15, schedule: everyDay(8, 22) },
  urgent: { minutes: 30, schedule: ALWAYS_OPEN },
};

export const PLANS: readonly Plan[] = [
  {
    id: 'basique',
    name: 'Basique',
    price: 10,
    durationMonths: 1,
    durationText: '1 mois',
    description: 'Pour un dépannage ponctuel sur un seul appareil.',
    interventionsPerMonth: 3,
    maxDevices: 1,
    responseTime: '2 à 4 h',
    supportHours: '9h-18h, du lundi au vendredi',
    support: BASIQUE_SUPPORT,
    creditCost: 0.1,
    popular: false,
    features: ['Assistance Windows et Mac', 'Prise en main à distance sécurisée', 'Conseils par e-mail'],
  },
  {
    id: 'standard',
    name: 'Standard',
    price: 25,
    durationMonths: 3,
    durationText: '3 mois',
    description: 'Un trimestre d’accompagnement pour votre ordinateur.',
    interventionsPerMonth: 10,
    maxDevices: 1,
    responseTime: '1 à 2 h',
    supportHours: '8h-20h, du lundi au samedi',
    support: STANDARD_SUPPORT,
    creditCost: 0.25,
    popular: false,
    features: ['Assistance Windows et Mac', 'Nettoyage et optimisation', 'Aide aux logiciels courants'],
  },
  {
    id: 'etendue',
    name: 'Étendue',
    price: 35,
    durationMonths: 6,
    durationText: '6 mois',
    description: 'Six mois d’assistance sans compter vos demandes.',
    interventionsPerMonth: null,
    maxDevices: 1,
    responseTime: '30 min',
    supportHours: '8h-20h, du lundi au samedi',
    support: ETENDUE_SUPPORT,
    creditCost: 0.5,
    popular: false,
    features: ['Interventions illimitées', 'Sécurité et antivirus', 'Sauvegarde de vos données'],
  },
  {
    id: 'pro',
    name: 'Pro',
    price: 50,
    durationMonths: 12,
    durationText: '1 an',
    description: 'Notre meilleure vente : une année complète de tranquillité.',
    interventionsPerMonth: null,
    maxDevices: 1,
    responseTime: '15 min',
    supportHours: '8h-22h, 7 jours sur 7',
    support: YEARLY_SUPPORT,
    creditCost: 1,
    popular: true,
    features: ['Interventions illimitées', 'Urgence express en moins de 30 min', 'Suivi personnalisé'],
  },
  {
    id: 'duo',
    name: 'Duo',
    price: 85,
    durationMonths: 12,
    durationText: '1 an',
    description: 'Une année pour deux appareils du foyer.',
    interventionsPerMonth: null,
    maxDevices: 2,
    responseTime: '15 min',
    supportHours: '8h-22h, 7 jours sur 7',
    support: YEARLY_SUPPORT,
    creditCost: 2,
    popular: false,
    features: ['2 appareils couverts', 'Interventions illimitées', 'Urgence express en moins de 30 min'],
  },
  {
    id: 'famille',
    name: 'Famille',
    price: 110,
    durationMonths: 12,
    durationText: '1 an',
    description: 'Toute la famille accompagnée pendant un an.',
    interventionsPerMonth: null,
    maxDevices: 3,
    responseTime: '15 min',
    supportHours: '8h-22h, 7 jours sur 7',
    support: YEARLY_SUPPORT,
    creditCost: 3,
    popular: false,
    features: ['3 appareils couverts', 'Interventions illimitées', 'Urgence express en moins de 30 min'],
  },
];

const byId = new Map<string, Plan>(PLANS.map((p) => [p.id, p]));

export function findPlan(id: string | null | undefined): Plan | undefined {
  return id ? byId.get(id) : undefined;
}

export function getPlan(id: PlanId): Plan {
  const plan = byId.get(id);
  if (!plan) throw new Error(`Unknown plan ${id}`);
  return plan;
}

export function interventionsLabel(plan: Pick<Plan, 'interventionsPerMonth'>): string {
  return plan.interventionsPerMonth ? `${plan.interventionsPerMonth} par mois` : 'Illimitées';
}

export function devicesLabel(n: number): string {
  return n > 1 ? `${n} appareils` : '1 appareil';
}

/** The promise of a request: urgency 'high' is the urgent one. */
export function responsePromise(plan: Pick<Plan, 'support'>, urgency: string) {
  return urgency === 'high' ? plan.support.urgent : plan.support.normal;
}

/** When the first response to a request is due, from the client's plan, its urgency and when it was sent. */
export function responseDueAt(plan: Pick<Plan, 'support'>, urgency: string, createdAt: Date): Date {
  const promise = responsePromise(plan, urgency);
  return addBusinessMinutes(createdAt, promise.minutes, promise.schedule);
}
