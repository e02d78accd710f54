import { Link } from '#client/lib/router.ts';
import { PublicLayout } from '#client/components/layout/public-layout.tsx';
import { buttonClass } from '#client/components/ui/button.tsx';

export function NotFoundPage() {
  return (
    <PublicLayout>
      <div className="mx-auto max-w-lg px-4 py-20 text-center">
        <p aria-hidden="true" className="text-5xl font-bold text-brand-600">
          404
        </p>
        {/* The title docs/specification.md §2 asks for is English: say so, so a screen reader pronounces it right. */}
        <h1 lang="en" className="mt-4 text-2xl font-semibold">
          Page Not Found
        </h1>
        <p className="mt-2 text-slate-700">
          La page que vous cherchez n’existe pas ou a été déplacée. Vérifiez l’adresse, ou repartez de l’accueil.
        </p>
        <div className="mt-6 flex flex-col items-center gap-3 sm:flex-row sm:justify-center">
          <Link to="/" className={buttonClass('primary', 'md')}>
            Retour à l’accueil
          </Link>
          <Link to="/verify-invoice" className={buttonClass('secondary', 'md')}>
            Vérifier une facture
          </Link>
        </div>
      </div>
    </PublicLayout>
  );
}
