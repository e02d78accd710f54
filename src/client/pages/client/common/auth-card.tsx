import type { ReactNode } from 'react';
import { PublicLayout } from '../../../components/layout/public-layout';
import { Card } from '../../../components/ui/card';

/** The narrow card of the sign-in and password pages: an icon, a title, a line of help, then the form. */
export function AuthCard({ icon, title, intro, children }: { icon: ReactNode; title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <PublicLayout>
      <div className="mx-auto max-w-md px-4 py-10 sm:py-16">
        <Card className="p-6 sm:p-8">
          <div className="flex justify-center">
            <span className="rounded-full bg-brand-50 p-3 text-brand-700">{icon}</span>
          </div>
          <h1 className="mt-4 text-center text-2xl font-bold text-slate-900">{title}</h1>
          {intro && <p className="mt-2 text-center text-slate-700">{intro}</p>}
          {children}
        </Card>
      </div>
    </PublicLayout>
  );
}
