import { useQuery } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { notify } from '#client/lib/notify.tsx';
import { securityQueryOptions, useUpdateSecurity } from './two-factor-api.ts';

/**
 * « Équipe »: an admin requires two-factor sign-in for everyone; sessions opened without it end at once (but the admin's
 * own), and members without it enrol at their next sign-in.
 */
export function StaffSecurityCard() {
  const query = useQuery(securityQueryOptions);
  const update = useUpdateSecurity();
  const required = query.data?.requireTwoFactor ?? false;
  function toggle(next: boolean) {
    update.mutate(
      { requireTwoFactor: next },
      {
        onSuccess: () =>
          notify(
            'success',
            next ? 'Double authentification exigée' : 'Double authentification facultative',
            next
              ? 'Les sessions ouvertes sans elle sont fermées (sauf la vôtre) : chaque membre l’active à sa prochaine connexion.'
              : 'Chacun peut l’activer ou non depuis « Sécurité ».',
          ),
        onError: (error) => notify('error', 'Réglage inchangé', error.message),
      },
    );
  }
  return (
    <div className="mb-4 flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex items-start gap-3">
        <ShieldCheck aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
        <div>
          <p className="font-semibold text-slate-900">Double authentification</p>
          <p className="text-sm text-slate-700">
            {required
              ? 'Exigée pour toute l’équipe : un membre sans elle doit l’activer à sa prochaine connexion, avant tout le reste.'
              : 'Facultative : chacun l’active depuis « Sécurité », en haut de la page.'}
          </p>
        </div>
      </div>
      <label className="flex shrink-0 items-center gap-2 text-sm font-medium text-slate-800">
        <input
          type="checkbox"
          className="h-5 w-5 accent-brand-700"
          checked={required}
          disabled={query.isPending || update.isPending}
          onChange={(e) => toggle(e.target.checked)}
        />
        L’exiger pour toute l’équipe
      </label>
    </div>
  );
}
