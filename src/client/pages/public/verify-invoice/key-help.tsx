import { QrCode } from 'lucide-react';

/** Where the key is printed, for someone holding the paper invoice. */
export function KeyHelp() {
  return (
    <section aria-labelledby="ou-trouver-la-cle" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="ou-trouver-la-cle" className="flex items-center gap-2 font-semibold text-slate-900">
        <QrCode aria-hidden="true" className="h-5 w-5 text-brand-700" /> Où trouver la clé ?
      </h2>
      <ul className="mt-3 list-disc space-y-2 pl-5 text-sm text-slate-700">
        <li>
          La clé de vérification est imprimée <strong>en haut de votre facture, sous le QR code</strong>.
        </li>
        <li>
          Elle a la forme <strong className="font-mono">RFS-XXXXXX-AAAA</strong> : six lettres ou chiffres, puis
          l’année.
        </li>
        <li>Elle ne contient jamais de O ni de 0, de I ni de 1, ni de L : pas de confusion possible.</li>
        <li>
          Vous pouvez aussi scanner le QR code avec l’appareil photo de votre téléphone : il ouvre cette page avec la
          clé déjà remplie.
        </li>
      </ul>
    </section>
  );
}
