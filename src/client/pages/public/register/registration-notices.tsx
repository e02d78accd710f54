import { FileText, KeyRound, Lock } from 'lucide-react';

// docs/specification.md §2: what happens after the form, said before the visitor commits.
const NOTICES = [
  { Icon: FileText, text: 'Une preuve d’achat ou de propriété de votre appareil pourra vous être demandée.' },
  { Icon: Lock, text: 'L’assistance reste bloquée tant que ces documents n’ont pas été envoyés et vérifiés.' },
  {
    Icon: KeyRound,
    text: 'Vos identifiants de connexion vous seront envoyés par e-mail après validation de votre inscription.',
  },
];

export function RegistrationNotices() {
  return (
    <section aria-labelledby="a-savoir" className="rounded-xl border border-amber-300 bg-amber-50 p-5">
      <h2 id="a-savoir" className="font-semibold text-amber-950">
        Bon à savoir
      </h2>
      <ul className="mt-3 space-y-3 text-sm text-amber-950">
        {NOTICES.map(({ Icon, text }) => (
          <li key={text} className="flex gap-3">
            <Icon aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
            <span>{text}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
