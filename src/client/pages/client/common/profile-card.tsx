import type { ReactNode } from 'react';
import { UserRound } from 'lucide-react';
import type { AuthUser } from '#shared/clients/client-api.ts';
import { formatDate } from '#shared/format.ts';
import { Card } from '#client/components/ui/card.tsx';

/** docs/specification.md §2 « Profile card »: first name, last name, e-mail, member since (or '-'). */
export function ProfileCard({ user }: { user: AuthUser }) {
  const rows: [string, ReactNode][] = [
    ['Prénom', user.firstName || '-'],
    ['Nom', user.lastName || '-'],
    ['E-mail', <Email key="email" address={user.email} />],
    ['Client depuis', formatDate(user.createdAt)],
  ];
  return (
    <Card as="section" className="p-5 sm:p-6" aria-labelledby="profil-titre">
      <h2 id="profil-titre" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <UserRound aria-hidden="true" className="h-5 w-5 text-brand-700" /> Mon profil
      </h2>
      <dl className="mt-3 space-y-3">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt className="text-sm text-slate-600">{label}</dt>
            <dd className="break-words font-medium text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

/** In the narrow desktop column a long address wraps before its @ rather than inside a word (« exempl / e.fr »). */
function Email({ address }: { address: string }) {
  const at = address.lastIndexOf('@');
  if (at < 1) return address;
  return (
    <>
      {address.slice(0, at)}
      <wbr />
      {address.slice(at)}
    </>
  );
}
