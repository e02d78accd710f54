// The one plan catalogue (DESIGN.md decision 1): landing, registration, CGV, orders and invoices all read it.
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
  /** RFS credit cost of one order of this plan */
  creditCost: number;
  popular: boolean;
  features: string[];
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
