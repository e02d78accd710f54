import { durationLabel, RETENTION, type RetentionPeriod } from '#shared/privacy/retention-periods.ts';

const THEN: Record<RetentionPeriod['then'], string> = { deleted: 'suppression', anonymised: 'anonymisation' };

/** Every period of the retention table, the one the purge jobs read: the page cannot promise what they do not do. */
export function RetentionList() {
  const periods: RetentionPeriod[] = Object.values(RETENTION);
  return (
    <ul aria-label="Durées de conservation" className="!mt-4 !list-none !space-y-3 !pl-0">
      {periods.map((p) => (
        <li key={p.data} className="rounded-lg border border-slate-200 bg-white p-4">
          <p className="!mt-0 font-semibold text-slate-900">{p.data}</p>
          <p className="!mt-1">
            <strong>{durationLabel(p)}</strong> {p.from}, puis {THEN[p.then]}.
          </p>
          <p className="!mt-1 text-sm text-slate-700">{p.why}</p>
        </li>
      ))}
    </ul>
  );
}
