import { lazy, Suspense } from 'react';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { useHydrated } from '#client/lib/use-hydrated.ts';

const AccountSection = lazy(() =>
  import('#client/pages/client/account/account-section.tsx').then((m) => ({ default: m.AccountSection })),
);

/**
 * « Mon compte » on both dashboards. Loaded in the browser only, once the page responds: its forms must never be
 * shown before their handlers exist (a password typed into a form that is not live yet would be lost or sent as a GET).
 */
export function AccountArea({ email }: { email: string }) {
  const hydrated = useHydrated();
  const loading = (
    <div className="flex justify-center py-8">
      <Spinner />
    </div>
  );
  return (
    <section id="mon-compte" aria-labelledby="mon-compte-titre" className="scroll-mt-4">
      <h2 id="mon-compte-titre" className="mb-3 text-xl font-semibold text-slate-900">
        Mon compte
      </h2>
      {hydrated ? (
        <Suspense fallback={loading}>
          <AccountSection email={email} />
        </Suspense>
      ) : (
        loading
      )}
    </section>
  );
}
