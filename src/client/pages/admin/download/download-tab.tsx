import { useQuery } from '@tanstack/react-query';
import { Archive, Download, FileJson, FileSpreadsheet, FileText, RotateCcw } from 'lucide-react';
import { backupDownloadPath, type BackupStatusDto } from '#shared/backup/backup-api.ts';
import { formatDateTime } from '#shared/format.ts';
import { Button, buttonClass } from '#client/components/ui/button.tsx';
import { notify } from '#client/lib/notify.tsx';
import { currentBackupQueryOptions, useStartBackup } from './backup-queries.ts';

const number = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 });
const megabytes = (size: number) =>
  size < 1024 * 1024 ? `${number.format(size / 1024)} ko` : `${number.format(size / 1024 / 1024)} Mo`;

function Progress({ percent }: { percent: number }) {
  return (
    <div className="mt-5" aria-live="polite">
      <p className="font-medium text-slate-800">Génération en cours... {percent} %</p>
      <div
        role="progressbar"
        aria-label="Génération de la sauvegarde"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="mt-2 h-3 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-brand-700 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="mt-2 text-sm text-slate-600">
        Vous pouvez continuer à travailler dans les autres onglets pendant ce temps.
      </p>
    </div>
  );
}

function Finished({ backup }: { backup: BackupStatusDto }) {
  if (backup.state === 'failed') {
    return (
      <p role="alert" className="mt-5 rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800">
        {backup.error}
      </p>
    );
  }
  return (
    <div className="mt-5 rounded-lg border border-green-200 bg-green-50 p-4">
      <p className="font-medium text-green-900">
        Sauvegarde prête ({megabytes(backup.size ?? 0)}), créée le {formatDateTime(backup.finishedAt!)}.
      </p>
      {/* A plain link: the browser streams the archive to disk, however large, instead of holding it in memory. */}
      <a
        href={backupDownloadPath(backup.id)}
        download={backup.fileName ?? undefined}
        onClick={() =>
          notify('success', 'Téléchargement réussi', 'La sauvegarde complète est en cours d’enregistrement.')
        }
        className={buttonClass('primary', 'md', 'mt-3 w-full sm:w-auto')}
      >
        <Download aria-hidden="true" className="h-5 w-5" /> Télécharger {backup.fileName}
      </a>
    </div>
  );
}

/** Only rendered once the session is unlocked; the server checks the unlock again on every call. */
export function DownloadTab() {
  const current = useQuery(currentBackupQueryOptions);
  const start = useStartBackup();
  const backup = current.data?.backup ?? null;
  const running = backup?.state === 'running';

  const launch = () =>
    start.mutate(undefined, {
      onError: (error) => notify('error', 'Erreur de téléchargement', error.message),
    });

  return (
    <section
      aria-labelledby="download-title"
      className="max-w-3xl rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="download-title" className="flex items-center gap-2 text-xl font-bold text-slate-900">
        <Archive aria-hidden="true" className="h-6 w-6 text-brand-700" /> Sauvegarde complète du site
      </h2>
      <p className="mt-2 text-slate-700">
        Une archive ZIP contenant toutes les données du site, à conserver en lieu sûr et pour la comptabilité. Elle se
        prépare en arrière-plan, puis se télécharge. Pour remettre le site dans l’état de l’archive, sur un serveur neuf
        ou une base vide :{' '}
        <code className="rounded bg-slate-100 px-1 text-sm">
          npm run restore -- {backup?.fileName ?? 'sauvegarde-rfs-AAAA-MM-JJ.zip'}
        </code>{' '}
        (voir « Sauvegarde et restauration » dans le README). Les clients se reconnectent ensuite avec leurs mots de
        passe habituels.
      </p>
      <ul className="mt-4 space-y-2 text-slate-800">
        <li className="flex gap-2">
          <FileJson aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-slate-500" /> Chaque table de la base de
          données au format JSON (une ligne par enregistrement)
        </li>
        <li className="flex gap-2">
          <FileSpreadsheet aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-slate-500" /> Les mêmes tables au
          format CSV, lisibles dans un tableur (accents compris)
        </li>
        <li className="flex gap-2">
          <FileText aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-slate-500" /> Toutes les factures et tous
          les avoirs émis en PDF, et les pièces jointes des demandes
        </li>
        <li className="flex gap-2">
          <Archive aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-slate-500" /> Un manifeste (date, version
          du schéma, nombre de lignes par table, empreinte SHA-256 de chaque fichier)
        </li>
      </ul>
      <p className="mt-4 text-sm text-slate-600">
        L’archive contient des données personnelles de clients et les empreintes de leurs mots de passe (jamais les mots
        de passe eux-mêmes) : conservez-la en lieu sûr. Chaque sauvegarde et chaque téléchargement sont inscrits au
        journal.
      </p>
      {running ? <Progress percent={backup.percent} /> : backup && <Finished backup={backup} />}
      {/* Always there (docs/specification.md §2): « Génération en cours... » and disabled while a backup runs,
          whoever started it. */}
      <Button
        className="mt-5 w-full sm:w-auto"
        variant={backup?.state === 'done' ? 'secondary' : 'primary'}
        onClick={launch}
        disabled={running || start.isPending || current.isPending}
      >
        {backup ? (
          <RotateCcw aria-hidden="true" className="h-5 w-5" />
        ) : (
          <Download aria-hidden="true" className="h-5 w-5" />
        )}
        {running || start.isPending ? 'Génération en cours...' : 'Télécharger le site complet'}
      </Button>
    </section>
  );
}
