import type { ReactNode } from 'react';
import { PLANS, interventionsLabel } from '../../../../shared/plans';
import { formatEuro } from '../../../../shared/format';

const th = 'px-2 py-2.5 text-left text-sm font-semibold text-slate-900 sm:px-3';
const td = 'px-2 py-2.5 text-left text-sm text-slate-800 sm:px-3';

/** A table that still does not fit scrolls on its own; focusable so a keyboard can scroll it too. */
function TableFrame({ label, className = '', children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className={`mt-4 overflow-x-auto rounded-lg border border-slate-200 bg-white ${className}`}>
      <table className="min-w-full divide-y divide-slate-200">{children}</table>
    </div>
  );
}

/** The six subscriptions, read from the one catalogue (DESIGN.md decision 1); bare counts keep it phone-wide. */
export function PlansTable() {
  return (
    <TableFrame label="Tableau des abonnements">
      <caption className="sr-only">Abonnements proposés : durée, nombre d’appareils et prix</caption>
      <thead className="bg-slate-50">
        <tr>
          <th scope="col" className={th}>Abonnement</th>
          <th scope="col" className={th}>Durée</th>
          <th scope="col" className={th}>Appareils</th>
          <th scope="col" className={`${th} text-right`}>Prix</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {PLANS.map((p) => (
          <tr key={p.id}>
            <th scope="row" className={`${td} font-semibold text-slate-900`}>{p.name}</th>
            <td className={`${td} whitespace-nowrap`}>{p.durationText}</td>
            <td className={td}>{p.maxDevices}</td>
            <td className={`${td} whitespace-nowrap text-right font-medium`}>{formatEuro(p.price)}</td>
          </tr>
        ))}
      </tbody>
    </TableFrame>
  );
}

/**
 * What each plan promises: interventions, response time and hours (SPEC §1). Four columns of long text do not fit
 * a phone, so phones get one block per plan and wider screens the table.
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
              <dt className="text-slate-600">Interventions</dt><dd>{interventionsLabel(p)}</dd>
              <dt className="text-slate-600">Délai visé</dt><dd>{p.responseTime}</dd>
              <dt className="text-slate-600">Horaires</dt><dd>{p.supportHours}</dd>
            </dl>
          </div>
        ))}
      </div>
      <TableFrame label="Tableau des niveaux de service" className="hidden sm:block">
        <caption className="sr-only">Niveaux de service par abonnement</caption>
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className={th}>Abonnement</th>
            <th scope="col" className={th}>Interventions</th>
            <th scope="col" className={th}>Délai de réponse visé</th>
            <th scope="col" className={th}>Horaires</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {PLANS.map((p) => (
            <tr key={p.id}>
              <th scope="row" className={`${td} font-semibold text-slate-900`}>{p.name}</th>
              <td className={td}>{interventionsLabel(p)}</td>
              <td className={`${td} whitespace-nowrap`}>{p.responseTime}</td>
              <td className={td}>{p.supportHours}</td>
            </tr>
          ))}
        </tbody>
      </TableFrame>
    </>
  );
}
