import { useMutation } from '@tanstack/react-query';
import { Archive, Download, FileJson, FileSpreadsheet, FileText } from 'lucide-react';
import { todayIso } from '../../../../shared/format';
import { Button } from '../../../components/ui/button';
import { notify } from '../../../lib/notify';
import { downloadFile } from '../api/save-blob';

/** Only rendered once the session is unlocked; the server checks the unlock again on the call. */
export function DownloadTab() {
  const backup = useMutation({
    mutationFn: () => downloadFile('/api/admin/download-site', `sauvegarde-${todayIso()}.zip`, { method: 'POST', json: {} }),
    onSuccess: () => notify('success', 'Téléchargement réussi', 'La sauvegarde complète a été enregistrée.'),
    onError: (error) => notify('error', 'Erreur de téléchargement', error.message),
  });

  return (
    <section aria-labelledby="download-title" className="max-w-3xl rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id="download-title" className="flex items-center gap-2 text-xl font-bold text-slate-900">
        <Archive aria-hidden="true" className="h-6 w-6 text-brand-700" /> Sauvegarde complète du site
      </h2>
      <p className="mt-2 text-slate-700">
        Une archive ZIP contenant toutes les données du site, à conserver en lieu sûr et pour la comptabilité. Elle ne
        se recharge pas encore automatiquement : pour remettre le site dans un état antérieur, utilisez les copies de la
        base de données (dossier de données ou <code className="rounded bg-slate-100 px-1 text-sm">pg_dump</code>).
      </p>
      <ul className="mt-4 space-y-2 text-slate-800">
        <li className="flex gap-2"><FileJson aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-slate-500" /> Chaque table de la base de données au format JSON</li>
        <li className="flex gap-2"><FileSpreadsheet aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-slate-500" /> Les mêmes tables au format CSV, lisibles dans un tableur</li>
        <li className="flex gap-2"><FileText aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-slate-500" /> Toutes les factures en PDF</li>
        <li className="flex gap-2"><Archive aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-slate-500" /> Un manifeste (date, version du schéma, nombre de lignes par table)</li>
      </ul>
      <p className="mt-4 text-sm text-slate-600">L’archive contient des données personnelles de clients : conservez-la en lieu sûr.</p>
      <Button className="mt-5 w-full sm:w-auto" onClick={() => backup.mutate()} disabled={backup.isPending}>
        <Download aria-hidden="true" className="h-5 w-5" />
        {backup.isPending ? 'Génération en cours...' : 'Télécharger le site complet'}
      </Button>
    </section>
  );
}
