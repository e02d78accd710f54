import path from 'node:path';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { runtimeProblem } from './runtime';
import { loadArchive, RestoreError, verifyArchive } from './services/backup/restore';

/**
 * `npm run restore -- sauvegarde-rfs-2026-11-23.zip`: brings an archive of the Téléchargement tab back into the
 * database this configuration opens (PGlite under DATA_DIR, or DATABASE_URL), which must be empty. The server must
 * not be running on it (on PGlite the data folder's lock refuses a second process anyway).
 */
async function main() {
  const problem = runtimeProblem();
  if (problem) throw new RestoreError(problem);
  const file = process.argv[2];
  if (!file) throw new RestoreError('Indiquez l’archive à restaurer : npm run restore -- sauvegarde-rfs-AAAA-MM-JJ.zip');
  const config = loadConfig();
  const started = Date.now();
  const log = (line: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(1)} s] ${line}`);
  console.log(`Restauration de ${path.basename(file)} dans ${config.DATABASE_URL ? 'la base PostgreSQL de DATABASE_URL' : `PGlite (${path.resolve(config.DATA_DIR)})`}`);
  // The archive first: a damaged one is refused before any database is opened or created.
  log('Vérification des empreintes SHA-256 de l’archive…');
  const archive = await verifyArchive(path.resolve(file));
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
    console.log(`Restauration terminée : ${rows} lignes dans ${Object.keys(counts).length} tables en ${((Date.now() - started) / 1000).toFixed(1)} s. Démarrez le site (npm start) : les clients se connectent avec leurs mots de passe habituels.`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof RestoreError || error instanceof ConfigError) console.error(error.message);
  else console.error('La restauration a échoué ; aucune ligne n’a été chargée (transaction annulée) :', error instanceof Error ? error.message : error);
  process.exit(1);
});
