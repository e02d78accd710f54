import { useState } from 'react';
import { RotateCcw } from 'lucide-react';
import type { IssuedCredentials, OrderDto } from '#shared/orders/order-api.ts';
import { Button } from '#client/components/ui/button.tsx';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.tsx';
import { CopyButton } from '#client/components/ui/copy-button.tsx';
import { notify } from '#client/lib/notify.tsx';
import { CredentialsPanel } from '#client/pages/admin/common/credentials-panel.tsx';
import { useRegenerateCredentials } from './order-mutations.ts';

/** Username with copy; the password is only a hash on the server, so it shows as dots until regenerated. */
export function OrderCredentials({ order }: { order: OrderDto }) {
  const regenerate = useRegenerateCredentials(order.id);
  const [confirming, setConfirming] = useState(false);
  const [issued, setIssued] = useState<IssuedCredentials | null>(null);

  function run() {
    regenerate.mutate(undefined, {
      onSuccess: (credentials) => {
        setIssued(credentials);
        notify('success', 'Nouveau mot de passe généré', 'Transmettez-le au client : il ne sera plus affiché.');
      },
      onError: (error) => notify('error', 'Impossible de régénérer le mot de passe', error.message),
    });
  }

  return (
    <div className="col-span-full">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">Identifiants client</dt>
      <dd className="mt-0.5 flex flex-wrap items-center gap-x-5 gap-y-1 text-sm">
        <span className="inline-flex min-h-9 items-center gap-2">
          <span className="text-slate-600">Utilisateur :</span>
          {order.username ? (
            <>
              <span className="font-mono font-semibold">{order.username}</span>
              <CopyButton value={order.username} label="Copier le nom d'utilisateur" className="h-7 w-7" />
            </>
          ) : (
            <span className="italic text-slate-600">Non généré</span>
          )}
        </span>
        <span className="inline-flex min-h-9 items-center gap-2">
          <span className="text-slate-600">Mot de passe :</span>
          {order.hasPassword ? (
            <>
              <span aria-hidden="true" className="font-mono">
                ••••••
              </span>
              <span className="sr-only">masqué</span>
            </>
          ) : (
            <span className="italic text-slate-600">Non généré</span>
          )}
          <Button
            variant="ghost"
            size="sm"
            className="h-8 px-2 text-brand-700"
            onClick={() => setConfirming(true)}
            disabled={regenerate.isPending}
          >
            <RotateCcw aria-hidden="true" className="h-4 w-4" />
            {regenerate.isPending ? 'Génération...' : order.hasPassword ? 'Régénérer' : 'Générer'}
          </Button>
        </span>
        <span className="text-xs text-slate-600">Identifiants valables sur /client/login</span>
      </dd>
      {issued && (
        <dd className="mt-2 space-y-2">
          <CredentialsPanel credentials={issued} title="Nouveaux identifiants" />
          <Button variant="secondary" size="sm" onClick={() => setIssued(null)}>
            Masquer
          </Button>
        </dd>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        onConfirm={run}
        title={order.hasPassword ? 'Régénérer le mot de passe ?' : 'Générer un mot de passe ?'}
        description={
          order.hasPassword
            ? `L’ancien mot de passe de ${order.clientName} cessera de fonctionner. Le nouveau sera affiché une seule fois.`
            : `Un accès à l’espace client sera créé pour ${order.clientName}. Le mot de passe sera affiché une seule fois.`
        }
        confirmLabel={order.hasPassword ? 'Régénérer' : 'Générer'}
      />
    </div>
  );
}
