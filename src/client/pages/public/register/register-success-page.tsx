import { useState } from 'react';
import { Link, useNavigate } from '#client/lib/router.ts';
import { CircleCheck, Mail } from 'lucide-react';
import { PublicLayout } from '#client/components/layout/public-layout.tsx';
import { buttonClass } from '#client/components/ui/button.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { useHydrated } from '#client/lib/use-hydrated.ts';
import { secondsLabel, useCountdown } from '#client/lib/use-countdown.ts';

const REDIRECT_SECONDS = 15;

/** After registering: what happens next, then back to the home page after 15 s (docs/specification.md §2, §9). */
export function RegisterSuccessPage() {
  const navigate = useNavigate();
  const hydrated = useHydrated();
  // Someone who reads slowly can stop the redirect (WCAG 2.2.1, timing adjustable).
  const [stayed, setStayed] = useState(false);
  const left = useCountdown(REDIRECT_SECONDS, hydrated && !stayed, () => void navigate('/'));

  return (
    <PublicLayout>
      <div className="mx-auto max-w-xl px-4 py-12 sm:py-16">
        <Card className="p-6 text-center sm:p-10">
          <CircleCheck aria-hidden="true" className="mx-auto h-14 w-14 text-green-700" />
          <h1 className="mt-4 text-2xl font-bold text-slate-900 sm:text-3xl">Demande enregistrée !</h1>
          <p className="mt-4 text-slate-700">
            Merci ! Notre équipe étudie votre demande et vous enverra par e-mail les{' '}
            <strong>modalités de paiement</strong>, vos <strong>identifiants personnalisés</strong> et les{' '}
            <strong>instructions d’accès</strong> à votre espace.
          </p>
          <p className="mt-4 flex items-start gap-2 rounded-lg bg-slate-100 p-3 text-left text-sm text-slate-700">
            <Mail aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-slate-600" />
            <span>
              Pensez à vérifier votre dossier « courrier indésirable » (spam) si vous ne voyez pas notre message.
            </span>
          </p>
          {/* A link, not a button: it takes the visitor home even before the page's script has run. */}
          <Link to="/" className={buttonClass('primary', 'lg', 'mt-8 w-full sm:w-auto')}>
            Retour à l'accueil
          </Link>
          {stayed ? (
            <p className="mt-4 text-sm text-slate-600">Vous restez sur cette page.</p>
          ) : (
            <p className="mt-4 text-sm text-slate-600">
              Retour automatique à l’accueil dans {secondsLabel(left)}.{' '}
              <button
                type="button"
                className="font-medium text-brand-700 underline"
                disabled={!hydrated}
                onClick={() => setStayed(true)}
              >
                Rester sur cette page
              </button>
            </p>
          )}
        </Card>
      </div>
    </PublicLayout>
  );
}
