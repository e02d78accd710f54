import { lazy, Suspense } from 'react';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { useHydrated } from '#client/lib/use-hydrated.ts';

const AccountSection = lazy(() =>
  import('#client/pages/client/account/account-section.tsx').then((m) => ({ default: m.AccountSection })),
);

/**
 * The forms of « Mon compte » (password, data, deletion). Loaded in the browser only, once the page responds: its forms must never be
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
    <div>
      {hydrated ? (
        <Suspense fallback={loading}>
          <AccountSection email={email} />
        </Suspense>
      ) : (
        loading
      )}
    </div>
  );
}
