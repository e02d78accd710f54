import { useEffect, type ReactNode } from 'react';
import type { AuthUser } from '#shared/clients/client-api.ts';
import { ErrorBoundary } from '#client/components/layout/error-boundary.tsx';
import { LoadError } from '#client/components/ui/load-error.tsx';
import { PageSpinner } from '#client/components/ui/spinner.tsx';
import { preloadDialogs } from '#client/components/ui/lazy-dialog.tsx';
import { ClientAreaProvider } from '#client/pages/client/api/query-client.tsx';
import { useClientSession } from '#client/pages/client/api/session.ts';
import { sendToLogin } from '#client/pages/client/api/unauthorized.ts';
import { ClientLive } from './client-live.tsx';
import { ClientLayout } from './client-layout.tsx';

/** A signed-in client page: the client area's query cache, the area's layout and navigation, then the session gate. */
export function ClientArea({ children }: { children(user: AuthUser): ReactNode }) {
  return (
    <ClientAreaProvider>
      <ClientLayout>
        <ErrorBoundary>
          <SessionGate>{children}</SessionGate>
        </ErrorBoundary>
      </ClientLayout>
    </ClientAreaProvider>
  );
}

/** Runs a preload once the page has settled, so it never competes with what the visitor is waiting for. */
export function useWhenIdle(task: () => unknown) {
  useEffect(() => {
    const run = () => void task();
    if ('requestIdleCallback' in window) {
      const id = window.requestIdleCallback(run, { timeout: 3000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = setTimeout(run, 1000);
    return () => clearTimeout(id);
  }, [task]);
}

/**
 * docs/specification.md §2/§8: 'Chargement...' while the session loads (also in the server's page for an anonymous
 * visitor, so hydration matches); without a session nothing is shown, the visitor is told and sent to sign in.
 */
function SessionGate({ children }: { children(user: AuthUser): ReactNode }) {
  const session = useClientSession();
  useWhenIdle(preloadDialogs);
  const missing = session.isSuccess && !session.data;
  useEffect(() => {
    if (missing) sendToLogin();
  }, [missing]);
  if (session.isPending) return <PageSpinner />;
  if (session.isError) {
    return (
      <div className="mx-auto max-w-md px-4 py-16">
        <LoadError error={session.error} onRetry={() => void session.refetch()} />
      </div>
    );
  }
  return session.data ? (
    <>
      <ClientLive />
      {children(session.data)}
    </>
  ) : null;
}
