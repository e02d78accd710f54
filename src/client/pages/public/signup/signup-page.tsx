import { useEffect, useRef, useState } from 'react';
import { Link } from '#client/lib/router.ts';
import { UserPlus } from 'lucide-react';
import { AuthCard } from '#client/components/auth/auth-card.tsx';
import { buttonClass } from '#client/components/ui/button.tsx';
import { useHydrated } from '#client/lib/use-hydrated.ts';
import { PlanRequiredDialog } from './plan-required-dialog.tsx';

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
    <AuthCard
      icon={<UserPlus aria-hidden="true" className="h-7 w-7" />}
      title="Créer un compte"
      intro={
        <>
          Votre compte est créé avec votre abonnement : choisissez d’abord un plan, puis remplissez le formulaire
          d’inscription. Vos identifiants vous sont envoyés par e-mail une fois votre demande validée.
        </>
      }
    >
      <button
        ref={button}
        type="button"
        className={buttonClass('primary', 'lg', 'w-full')}
        disabled={!hydrated}
        onClick={() => setOpen(true)}
      >
        S'inscrire
      </button>
      <p className="mt-6 text-center text-sm text-slate-700">
        Déjà client ?{' '}
        <Link to="/login" className="inline-flex min-h-11 items-center font-medium text-brand-700 underline">
          Se connecter
        </Link>
      </p>
      <Link to="/" className={buttonClass('ghost', 'md', 'mt-3 w-full')}>
        Retour à l'accueil
      </Link>
      <PlanRequiredDialog open={open} onOpenChange={setOpen} />
    </AuthCard>
  );
}
