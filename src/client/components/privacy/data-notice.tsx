import type { ReactNode } from 'react';
import { Link } from '#client/lib/router.ts';

/**
 * The short notice under a form that collects personal data (RGPD art. 13): what, why and how long, in a sentence or
 * two whose durations come from the retention table, and the way to the whole privacy page.
 */
export function DataNotice({ children }: { children: ReactNode }) {
  return (
    <p data-testid="data-notice" className="text-sm leading-relaxed text-slate-700">
      {children}{' '}
      <Link
        to="/privacy-policy"
        className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
      >
        En savoir plus sur vos données
      </Link>
    </p>
  );
}
