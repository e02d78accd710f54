import { Link, useSearchParams } from '#client/lib/router.ts';
import { ArrowLeft } from 'lucide-react';
import { PublicLayout } from '#client/components/layout/public-layout.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { useSite } from '#client/lib/site.tsx';
import { findPlan } from '#shared/plans.ts';
import { RegisterForm } from './register-form.tsx';
import { RegistrationNotices } from './registration-notices.tsx';
import { SelectedPlanCard } from './selected-plan-card.tsx';

/** /register?plan=… : read during render, so the server HTML (rendered with the same URL) matches hydration. */
export function RegisterPage() {
  const { siteName } = useSite();
  const [params] = useSearchParams();
  const plan = findPlan(params.get('plan'));

  return (
    <PublicLayout>
      <div className="mx-auto max-w-5xl px-4 py-8 sm:py-12">
        <Link
          to="/"
          className="inline-flex min-h-11 items-center gap-1.5 rounded-md text-sm font-medium text-brand-700 hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="h-4 w-4" /> Retour à l'accueil
        </Link>
        <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Inscription à {siteName}</h1>
        <p className="mt-2 max-w-2xl text-slate-700">
          Remplissez ce formulaire : notre équipe vérifie votre demande puis vous écrit pour le paiement. Tous les
          champs sont obligatoires.
        </p>

        <div className="mt-8 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <div className="space-y-6 lg:order-2">
            {plan && <SelectedPlanCard plan={plan} />}
            <RegistrationNotices />
          </div>
          <Card className="p-5 sm:p-8 lg:order-1">
            {/* Keyed by plan: a change of ?plan= starts a fresh form with that plan. */}
            <RegisterForm key={plan?.id ?? 'none'} plan={plan} />
          </Card>
        </div>
      </div>
    </PublicLayout>
  );
}
