import { telHref, useSite } from '#client/lib/site.tsx';

/** Under the client sign-in: where the credentials come from, and how to reach the support when they did not. */
export function MissingCredentialsHelp() {
  const site = useSite();
  return (
    <div className="mt-6 rounded-lg bg-slate-50 p-4 text-sm text-slate-700">
      <p>Vos identifiants vous sont envoyés par e-mail après la validation de votre compte par notre équipe.</p>
      {/* How to reach the support, not only that one should: a tap calls or writes from a phone. */}
      <p className="mt-1">
        Vous ne les avez pas reçus ? Contactez notre support pour les obtenir&nbsp;:{' '}
        <a href={telHref(site.phone)} className="whitespace-nowrap font-medium text-brand-700 underline">
          {site.phone}
        </a>{' '}
        ou{' '}
        <a href={`mailto:${site.email}`} className="break-words font-medium text-brand-700 underline">
          {site.email}
        </a>
        .
      </p>
    </div>
  );
}
