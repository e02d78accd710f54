import { PublicLayout } from '../../../components/layout/public-layout';

export function PrivacyPage() {
  return (
    <PublicLayout>
      <div className="mx-auto max-w-3xl px-4 py-12"><h1 className="text-2xl font-bold">Politique de confidentialité</h1></div>
    </PublicLayout>
  );
}
