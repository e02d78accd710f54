import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { ErrorBoundary } from '#client/components/layout/error-boundary.tsx';
import { PageSpinner } from '#client/components/ui/spinner.tsx';
import { TooltipProvider } from '#client/components/ui/tooltip.tsx';
import { createAdminQueryClient } from './api/query-client.ts';
import { useStaffSession } from './api/session.ts';
import { AdminLogin } from './admin-login.tsx';
import { AdminHeader } from './admin-header.tsx';
import { AdminTabs } from './admin-tabs.tsx';
import { QueryError } from './common/query-state.tsx';

/**
 * /admin: its own QueryClient (created here so the public pages never load TanStack Query), the tooltips' provider,
 * then the session gate.
 */
export function AdminPage() {
  const [client] = useState(createAdminQueryClient);
  return (
    <QueryClientProvider client={client}>
      <TooltipProvider>
        <ErrorBoundary>
          <AdminGate />
        </ErrorBoundary>
      </TooltipProvider>
    </QueryClientProvider>
  );
}

function AdminGate() {
  const session = useStaffSession();
  // Pending also on the server render: the session is only known in the browser, so hydration matches.
  if (session.isPending) return <PageSpinner />;
  if (session.isError) {
    return (
      <main id="contenu" className="mx-auto max-w-md px-4 py-16">
        <QueryError error={session.error} onRetry={() => void session.refetch()} />
      </main>
    );
  }
  if (!session.data) return <AdminLogin />;
  return (
    <AdminTabs
      unlocked={session.data.unlocked}
      role={session.data.role}
      header={<AdminHeader session={session.data} />}
    />
  );
}
