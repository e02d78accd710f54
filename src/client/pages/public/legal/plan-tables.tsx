import type { ReactNode } from 'react';
import { PLANS, interventionsLabel } from '#shared/plans.ts';
import { formatEuro } from '#shared/format.ts';

const th = 'px-2 py-2.5 text-left text-sm font-semibold text-slate-900 sm:px-3';
const td = 'px-2 py-2.5 text-left text-sm text-slate-800 sm:px-3';

type Plan = (typeof PLANS)[number];
type PlanTableProps = {
  label: string;
  caption: string;
  className?: string;
  /** the columns after « Abonnement », and the cells of one plan's row after its name */
  columns: Array<{ title: string; className?: string }>;
  cells(plan: Plan): ReactNode;
};

/**
 * One row per plan, its name first. A table that still does not fit scrolls on its own; focusable so a keyboard can
 * scroll it too.
 */
function PlanTable({ label, caption, className = '', columns, cells }: PlanTableProps) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className={`mt-4 overflow-x-auto rounded-lg border border-slate-200 bg-white ${className}`}
    >
      <table className="min-w-full divide-y divide-slate-200">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className={th}>
              Abonnement
            </th>
            {columns.map((c) => (
              <th key={c.title} scope="col" className={c.className ? `${th} ${c.className}` : th}>
                {c.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {PLANS.map((p) => (
            <tr key={p.id}>
              <th scope="row" className={`${td} font-semibold text-slate-900`}>
                {p.name}
              </th>
              {cells(p)}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The six subscriptions, read from the one catalogue (docs/decisions/027); bare counts keep it phone-wide. */
export function PlansTable() {
  return (
    <PlanTable
      label="Tableau des abonnements"
      caption="Abonnements proposés : durée, nombre d’appareils et prix"
      columns={[{ title: 'Durée' }, { title: 'Appareils' }, { title: 'Prix', className: 'text-right' }]}
      cells={(p) => (
        <>
          <td className={`${td} whitespace-nowrap`}>{p.durationText}</td>
          <td className={td}>{p.maxDevices}</td>
          <td className={`${td} whitespace-nowrap text-right font-medium`}>{formatEuro(p.price)}</td>
        </>
      )}
    />
  );
}

/**
 * What each plan promises: interventions, response time and hours (docs/specification.md §1). Four columns of long text
 * do not fit a phone, so phones get one block per plan and wider screens the table.
 */
export function ServiceLevelsTable() {
  return (
    <>
      {/* Plain blocks, not ul/p: the legal text's list and paragraph spacing would apply to them. */}
      <div className="mt-4 space-y-3 sm:hidden">
        {PLANS.map((p) => (
          <div key={p.id} className="rounded-lg border border-slate-200 bg-white p-3 text-sm">
            <strong className="block font-semibold text-slate-900">{p.name}</strong>
            <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-slate-800">
              <dt className="text-slate-600">Interventions</dt>
              <dd>{interventionsLabel(p)}</dd>
              <dt className="text-slate-600">Délai visé</dt>
              <dd>{p.responseTime}</dd>
              <dt className="text-slate-600">Horaires</dt>
              <dd>{p.supportHours}</dd>
            </dl>
          </div>
        ))}
      </div>
      <PlanTable
        label="Tableau des niveaux de service"
        caption="Niveaux de service par abonnement"
        className="hidden sm:block"
        columns={[{ title: 'Interventions' }, { title: 'Délai de réponse visé' }, { title: 'Horaires' }]}
        cells={(p) => (
          <>
            <td className={td}>{interventionsLabel(p)}</td>
            <td className={`${td} whitespace-nowrap`}>{p.responseTime}</td>
            <td className={td}>{p.supportHours}</td>
          </>
        )}
      />
    </>
  );
}
