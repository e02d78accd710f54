import { useEffect, useRef, useState } from 'react';
import { Link } from '../../../lib/router';
import { UserPlus } from 'lucide-react';
import { PublicLayout } from '../../../components/layout/public-layout';
import { buttonClass } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { useHydrated } from '../../../lib/use-hydrated';
import { PlanRequiredDialog } from './plan-required-dialog';

/** 'Créer un compte': an account starts with a plan, so this page sends the visitor to the plans. */
export function SignupPage() {
  const [open, setOpen] = useState(false);
  const hydrated = useHydrated();
  // Radix gives focus back only to a Dialog.Trigger: do it here, whether the dialog was closed or closed itself.
  const button = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (wasOpen.current && !open) button.current?.focus();
    wasOpen.current = open;
  }, [open]);

  return (
    <PublicLayout>
      <div className="mx-auto max-w-md px-4 py-12 sm:py-16">
        <Card className="p-6 sm:p-8">
          <div className="flex justify-center">
            <span className="rounded-full bg-brand-50 p-3 text-brand-700"><UserPlus aria-hidden="true" className="h-7 w-7" /></span>
          </div>
          <h1 className="mt-4 text-center text-2xl font-bold text-slate-900">Créer un compte</h1>
          <p className="mt-3 text-center text-slate-700">
            Votre compte est créé avec votre abonnement : choisissez d’abord un plan, puis remplissez le formulaire
            d’inscription. Vos identifiants vous sont envoyés par e-mail une fois votre demande validée.
          </p>
          <button ref={button} type="button" className={buttonClass('primary', 'lg', 'mt-6 w-full')} disabled={!hydrated}
            onClick={() => setOpen(true)}>S'inscrire</button>
          <p className="mt-6 text-center text-sm text-slate-700">
            Déjà client ?{' '}
            <Link to="/login" className="font-medium text-brand-700 underline">Se connecter</Link>
          </p>
          <Link to="/" className={buttonClass('ghost', 'md', 'mt-3 w-full')}>Retour à l'accueil</Link>
        </Card>
      </div>
      <PlanRequiredDialog open={open} onOpenChange={setOpen} />
    </PublicLayout>
  );
}
