import { Link } from 'react-router';
import { PublicLayout } from '../../components/layout/public-layout';
import { buttonClass } from '../../components/ui/button';

export function NotFoundPage() {
  return (
    <PublicLayout>
      <div className="mx-auto max-w-lg px-4 py-20 text-center">
        <p className="text-5xl font-bold text-brand-600">404</p>
        <h1 className="mt-4 text-2xl font-semibold">Page Not Found</h1>
        <p className="mt-2 text-slate-700">La page que vous cherchez n’existe pas ou a été déplacée.</p>
        <Link to="/" className={buttonClass('primary', 'md', 'mt-6')}>Retour à l’accueil</Link>
      </div>
    </PublicLayout>
  );
}
