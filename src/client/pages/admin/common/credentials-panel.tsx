import { KeyRound } from 'lucide-react';
import type { IssuedCredentials } from '#shared/orders/order-api.ts';
import { CopyButton } from '#client/components/ui/copy-button.tsx';
import { notify } from '#client/lib/notify.tsx';

const copyFailed = () => notify('error', 'Copie impossible', 'Sélectionnez le texte et copiez-le à la main.');

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex items-center justify-between gap-3 rounded-lg bg-white px-3 py-2 ring-1 ring-green-200">
      <div className="min-w-0">
        <dt className="text-xs font-medium text-slate-600">{label}</dt>
        <dd className="break-all font-mono text-base font-semibold text-slate-900">{value}</dd>
      </div>
      <CopyButton value={value} label={`Copier le ${label.toLowerCase()}`} onError={copyFailed} />
    </div>
  );
}

/** Credentials are shown once (only their hash is kept, docs/decisions/004): the panel says so. */
export function CredentialsPanel({
  credentials,
  title = 'Identifiants du client',
}: {
  credentials: IssuedCredentials;
  title?: string;
}) {
  return (
    <section aria-label={title} className="rounded-xl border border-green-300 bg-green-50 p-4">
      <p className="mb-3 flex items-center gap-2 font-semibold text-green-900">
        <KeyRound aria-hidden="true" className="h-5 w-5" /> {title}
      </p>
      <dl className="space-y-2">
        <Row label="Nom d'utilisateur" value={credentials.username} />
        <Row label="Mot de passe" value={credentials.password} />
      </dl>
      <p className="mt-3 text-sm text-green-900">
        Ces identifiants donnent accès à l’espace client sur <strong>/client/login</strong>. Notez-les ou copiez-les
        maintenant : le mot de passe ne sera plus affiché.
      </p>
    </section>
  );
}
