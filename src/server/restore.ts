import path from 'node:path';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { runtimeProblem } from './runtime.ts';
import { ACCEPT_UNSIGNED_FLAG, RestoreError, verifyArchive } from './services/backup/verify-archive.ts';
import { loadArchive } from './services/backup/restore.ts';
import { loadBackupKey } from './services/backup/signature.ts';

/**
 * `npm run restore -- sauvegarde-rfs-2026-11-23.zip`: brings an archive of the Téléchargement tab back into the
 * database this configuration opens (PGlite under DATA_DIR, or DATABASE_URL), which must be empty. The server must
 * not be running on it (on PGlite the data folder's lock refuses a second process anyway). The archive must carry the
 * signature of this configuration's backup key (BACKUP_KEY, else SESSION_SECRET); `--ignorer-signature` restores an
 * unsigned or foreign one anyway, with a warning.
 */
async function main() {
  const problem = runtimeProblem();
  if (problem) throw new RestoreError(problem);
  const args = process.argv.slice(2);
  const acceptUnsigned = args.includes(ACCEPT_UNSIGNED_FLAG);
  const unknown = args.find((a) => a.startsWith('--') && a !== ACCEPT_UNSIGNED_FLAG);
  if (unknown) throw new RestoreError(`Option inconnue : ${unknown}. Seule ${ACCEPT_UNSIGNED_FLAG} existe.`);
  const file = args.find((a) => !a.startsWith('--'));
  if (!file)
    throw new RestoreError('Indiquez l’archive à restaurer : npm run restore -- sauvegarde-rfs-AAAA-MM-JJ.zip');
  const config = loadConfig();
  const started = Date.now();
  const log = (line: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(1)} s] ${line}`);
  console.log(
    `Restauration de ${path.basename(file)} dans ${config.DATABASE_URL ? 'la base PostgreSQL de DATABASE_URL' : `PGlite (${path.resolve(config.DATA_DIR)})`}`,
  );
  // The archive first: a damaged one is refused before any database is opened or created.
  log('Vérification de la signature et des empreintes SHA-256 de l’archive…');
  const archive = await verifyArchive(path.resolve(file), { key: await loadBackupKey(config), acceptUnsigned });
  if (archive.signature !== 'valid') {
    console.warn(
      `ATTENTION : ${archive.signature === 'missing' ? 'cette archive n’est pas signée' : 'la signature de cette archive ne correspond pas à la clé de ce serveur'}. ` +
        `Restauration acceptée à votre demande (${ACCEPT_UNSIGNED_FLAG}) : tout ce qu’elle contient sera chargé tel quel, comptes staff et mots de passe compris. Vérifiez sa provenance.`,
    );
  }
  log('Archive intacte. Ouverture de la base de données…');
  let database;
  try {
    database = await openDatabase(config);
  } catch (error) {
    archive.close();
    throw error;
  }
  try {
    const counts = await loadArchive(database, archive, { log });
    const rows = Object.values(counts).reduce((a, b) => a + b, 0);
    console.log(
      `Restauration terminée : ${rows} lignes dans ${Object.keys(counts).length} tables en ${((Date.now() - started) / 1000).toFixed(1)} s. Démarrez le site (npm start) : les clients se connectent avec leurs mots de passe habituels.`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof RestoreError || error instanceof ConfigError) console.error(error.message);
  else
    console.error(
      'La restauration a échoué ; aucune ligne n’a été chargée (transaction annulée) :',
      error instanceof Error ? error.message : error,
    );
  process.exit(1);
});
