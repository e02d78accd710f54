import { PhoneCall, UserCheck } from 'lucide-react';

/** « Pris en charge par Julien »: the first name of the member who handles the request (nothing while nobody does). */
export function HandledBy({ name, className = '' }: { name: string | null; className?: string }) {
  if (!name) return null;
  return (
    <p className={`flex items-center gap-1.5 text-sm text-slate-700 ${className}`}>
      <UserCheck aria-hidden="true" className="h-4 w-4 text-brand-700" />
      <span>
        Pris en charge par <strong className="font-semibold text-slate-900">{name}</strong>
      </span>
    </p>
  );
}

/** « Ouverte par Julien » (or « par l’équipe »): staff opened the request for the client, after a call; nothing when the client did. */
export function OpenedBy({ name, className = '' }: { name: string | null; className?: string }) {
  if (!name) return null;
  return (
    <p className={`flex items-center gap-1.5 text-sm text-slate-700 ${className}`}>
      <PhoneCall aria-hidden="true" className="h-4 w-4 text-brand-700" />
      <span>
        Ouverte par <strong className="font-semibold text-slate-900">{name}</strong>
      </span>
    </p>
  );
}
