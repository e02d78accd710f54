import type { ReactNode } from 'react';
import { BadgePercent, Clock, Coins, Euro, Gift, ShoppingBag } from 'lucide-react';
import type { DashboardStats } from '#shared/orders/stats-api.ts';
import { formatCredits, formatEuro } from '#shared/format.ts';

type StatProps = { label: string; value: ReactNode; icon: ReactNode; hint?: string };

function Stat({ label, value, icon, hint }: StatProps) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <dt className="flex items-center justify-between gap-2 text-sm font-medium text-slate-600">
        {label}
        <span className="text-brand-700">{icon}</span>
      </dt>
      <dd className="mt-2 text-2xl font-bold tabular-nums text-slate-900">{value}</dd>
      {hint && <dd className="mt-0.5 text-xs text-slate-600">{hint}</dd>}
    </div>
  );
}

const icon = 'h-5 w-5';

export function StatCards({ stats }: { stats: DashboardStats }) {
  return (
    <dl className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
      <Stat
        label="Chiffre d'affaires"
        value={formatEuro(stats.revenue, { whole: true })}
        hint="Commandes payées"
        icon={<Euro aria-hidden="true" className={icon} />}
      />
      <Stat
        label="Commandes offertes"
        value={stats.giftedCount.toLocaleString('fr-FR')}
        icon={<Gift aria-hidden="true" className={icon} />}
      />
      <Stat
        label="Coût total en crédits"
        value={formatCredits(stats.totalCreditCost)}
        hint="Crédits RFS"
        icon={<Coins aria-hidden="true" className={icon} />}
      />
      <Stat
        label="Total des commandes"
        value={stats.totalOrders.toLocaleString('fr-FR')}
        icon={<ShoppingBag aria-hidden="true" className={icon} />}
      />
      <Stat
        label="Paiements en attente"
        value={stats.pendingPayments.toLocaleString('fr-FR')}
        icon={<Clock aria-hidden="true" className={icon} />}
      />
      <Stat
        label="Taux de conversion"
        value={`${stats.conversionRate} %`}
        hint="Payées / total"
        icon={<BadgePercent aria-hidden="true" className={icon} />}
      />
    </dl>
  );
}
