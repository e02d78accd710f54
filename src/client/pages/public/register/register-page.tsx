import { PublicLayout } from '../../../components/layout/public-layout';

export function RegisterPage() {
  return (
    <PublicLayout>
      <div className="mx-auto max-w-3xl px-4 py-12"><h1 className="text-2xl font-bold">Inscription</h1></div>
    </PublicLayout>
  );
}
