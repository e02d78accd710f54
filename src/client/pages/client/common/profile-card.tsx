import type { ReactNode } from 'react';
import { UserRound } from 'lucide-react';
import type { AuthUser } from '#shared/clients/client-api.ts';
import { formatDate } from '#shared/format.ts';
import { Card } from '#client/components/ui/card.tsx';

/** docs/specification.md §2 « Profile card »: first name, last name, e-mail, member since (or '-'). */
export function ProfileCard({ user }: { user: AuthUser }) {
  // Short facts two by two, the address on a line of its own: the card stays small on a phone's home page.
  const rows: [string, ReactNode, string?][] = [
    ['Prénom', user.firstName || '-'],
    ['Nom', user.lastName || '-'],
    ['E-mail', <Email key="email" address={user.email} />, 'col-span-2'],
    ['Client depuis', formatDate(user.createdAt), 'col-span-2'],
  ];
  return (
    <Card as="section" className="p-4 sm:p-6" aria-labelledby="profil-titre">
      <h2 id="profil-titre" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <UserRound aria-hidden="true" className="h-5 w-5 text-brand-700" /> Mon profil
      </h2>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2">
        {rows.map(([label, value, span]) => (
          <div key={label} className={span}>
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
