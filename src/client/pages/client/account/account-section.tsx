import type { ReactNode } from 'react';
import { KeyRound, ShieldCheck } from 'lucide-react';
import { Card } from '#client/components/ui/card.tsx';
import { MyData } from './my-data.tsx';
import { PasswordForm } from './password-form.tsx';

function Part({ id, icon, title, children }: { id: string; icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Card as="section" className="p-5 sm:p-6" aria-labelledby={id}>
      <h3 id={id} className="mb-4 flex items-center gap-2 text-lg font-semibold text-slate-900">
        {icon} {title}
      </h3>
      {children}
    </Card>
  );
}

/** « Mon compte »'s forms, their own chunk: loaded once the page responds (see account-area.tsx). */
export function AccountSection({ email }: { email: string }) {
  return (
    <div className="grid items-start gap-4 lg:grid-cols-2">
      <Part
        id="mot-de-passe-titre"
        icon={<KeyRound aria-hidden="true" className="h-5 w-5 text-brand-700" />}
        title="Mot de passe"
      >
        <PasswordForm email={email} />
      </Part>
      <Part
        id="donnees-titre"
        icon={<ShieldCheck aria-hidden="true" className="h-5 w-5 text-brand-700" />}
        title="Mes données"
      >
        <MyData />
      </Part>
    </div>
  );
}
