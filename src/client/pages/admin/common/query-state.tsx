import type { ReactNode } from 'react';
import { AlertTriangle, Inbox } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';

export function Loading() {
  return (
    <div className="flex justify-center py-10">
      <Spinner />
    </div>
  );
}

/** A list that could not load: says so in French and offers to try again. */
export function QueryError({ error, onRetry }: { error: Error; onRetry(): void }) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-xl border border-red-200 bg-red-50 px-4 py-8 text-center"
    >
      <AlertTriangle aria-hidden="true" className="h-6 w-6 text-red-700" />
      <p className="font-semibold text-red-900">Impossible de charger les données</p>
      <p className="text-sm text-red-800">{error.message}</p>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        Réessayer
      </Button>
    </div>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-slate-300 bg-white px-4 py-10 text-center text-slate-600">
      <Inbox aria-hidden="true" className="h-6 w-6 text-slate-400" />
      <p>{children}</p>
    </div>
  );
}

/** The title row of a tab: heading, optional count, actions on the right (below on a phone). */
export function TabHeading({
  id,
  title,
  count,
  children,
}: {
  id?: string;
  title: string;
  count?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex items-baseline gap-3">
        <h2 id={id} className="text-xl font-bold text-slate-900">
          {title}
        </h2>
        {count !== undefined && <p className="text-sm text-slate-600">{count}</p>}
      </div>
      {children && <div className="flex flex-wrap items-end gap-2">{children}</div>}
    </div>
  );
}

/** « 1 commande », « 3 commandes » */
export function plural(n: number, singular: string, pluralForm = `${singular}s`): string {
  return `${n.toLocaleString('fr-FR')} ${n > 1 ? pluralForm : singular}`;
}
