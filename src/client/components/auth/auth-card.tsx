import type { ReactNode } from 'react';
import { PublicLayout } from '#client/components/layout/public-layout.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { cn } from '#client/components/ui/cn.ts';

type AuthCardProps = {
  icon: ReactNode;
  title: string;
  intro?: ReactNode;
  /** the staff sign-in stands alone, centred, without the public site's header and footer */
  staff?: boolean;
  /** room for a QR code (a staff member setting up two-factor sign-in) */
  wide?: boolean;
  children: ReactNode;
};

/** The narrow card of the sign-in, sign-up and password pages: an icon, a title, a line of help, then the form. */
export function AuthCard({ icon, title, intro, staff = false, wide = false, children }: AuthCardProps) {
  const card = (
    <Card className={cn('p-6 sm:p-8', staff && 'w-full', staff && (wide ? 'max-w-lg' : 'max-w-md'))}>
      <div className="mb-6">
        <div className="flex justify-center">
          <span className="rounded-full bg-brand-50 p-3 text-brand-700">{icon}</span>
        </div>
        <h1 className="mt-4 text-center text-2xl font-bold text-slate-900">{title}</h1>
        {intro && <p className="mt-2 text-center text-slate-700">{intro}</p>}
      </div>
      {children}
    </Card>
  );
  if (staff)
    return (
      <main id="contenu" className="flex min-h-screen items-center justify-center px-4 py-10">
        {card}
      </main>
    );
  return (
    <PublicLayout>
      <div className="mx-auto max-w-md px-4 py-10 sm:py-16">{card}</div>
    </PublicLayout>
  );
}
