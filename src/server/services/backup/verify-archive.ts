// An archive checked before anything is written: readable, whole, signed with our key, of a schema we can load.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { MIGRATIONS_DIR } from '#server/db/client.ts';
import { BACKUP_FORMAT, MANIFEST, type BackupManifest } from './archive.ts';
import { checkSignature, SIGNATURE, type SignatureCheck } from './signature.ts';

/** Why a restore stopped, in words for the person running it; nothing was changed. */
export class RestoreError extends Error {}

/**
 * The manifest is read whole before anything else: a size no real one comes near (a few hundred bytes per file, 30,000
 * invoices make 4 MB), checked on the size the archive declares, which yauzl then holds the entry to.
 */
export const MAX_MANIFEST_BYTES = 64 * 1024 * 1024;
const MAX_SIGNATURE_BYTES = 1024;
export const ACCEPT_UNSIGNED_FLAG = '--ignorer-signature';

export type VerifiedArchive = {
  manifest: BackupManifest;
  zip: ZipFile;
  entries: Map<string, Entry>;
  file: string;
  close(): void;
  /** 'valid', or what was accepted with acceptUnsigned */
  signature: SignatureCheck;
};

export type VerifyOptions = {
  /** the backup key of this configuration (signature.ts: loadBackupKey) */
  key: Buffer;
  /** restore an archive that is unsigned or signed with another key (the operator said so) */
  acceptUnsigned?: boolean;
  onProgress?: (checked: number, total: number) => void;
};

const openZip = (file: string) =>
  new Promise<ZipFile>((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true, autoClose: false }, (error, zip) => (error ? reject(error) : resolve(zip)));
  });

export const openEntry = (zip: ZipFile, entry: Entry) =>
  new Promise<Readable>((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => (error ? reject(error) : resolve(stream)));
  });

export async function readEntry(zip: ZipFile, entry: Entry): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await openEntry(zip, entry)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function listEntries(zip: ZipFile): Promise<Map<string, Entry>> {
  const entries = new Map<string, Entry>();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: Entry) => {
      entries.set(entry.fileName, entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve());
    zip.on('error', reject);
    zip.readEntry();
  });
  return entries;
}

/** An entry small enough to read whole, or a refusal naming it. */
async function readSmallEntry(zip: ZipFile, entry: Entry, max: number): Promise<Buffer> {
  if (entry.uncompressedSize > max) {
    throw new RestoreError(
      `${entry.fileName} est anormalement grand (${entry.uncompressedSize} octets) : ce n’est pas une sauvegarde du site. Rien n’a été modifié.`,
    );
  }
  const bytes = await readEntry(zip, entry);
  if (crc32(bytes) !== entry.crc32) throw new Error('CRC');
  return bytes;
}

const unsigned = (check: SignatureCheck) =>
  new RestoreError(
    check === 'missing'
      ? `Cette archive n’est pas signée (sauvegarde d’une version antérieure du site, ou fichier d’une autre origine) : rien n’a été modifié. Si vous savez d’où elle vient, relancez avec ${ACCEPT_UNSIGNED_FLAG}.`
      : 'La signature de cette archive ne correspond pas à la clé de ce serveur (BACKUP_KEY, sinon SESSION_SECRET) : elle a été modifiée depuis la sauvegarde, ' +
          `ou vient d’un serveur configuré autrement. Rien n’a été modifié. Restaurez avec la configuration du serveur qui l’a produite ou, si vous savez d’où vient l’archive, relancez avec ${ACCEPT_UNSIGNED_FLAG}.`,
  );

export const damaged = (detail: string) =>
  new RestoreError(
    `L’archive est endommagée (${detail}) : rien n’a été modifié. Reprenez une copie intacte de la sauvegarde ou faites-en une nouvelle depuis l’onglet Téléchargement.`,
  );

/**
 * Opens the archive, checks the manifest's signature, then every file against the manifest's SHA-256, before anything
 * is written anywhere.
 */
export async function verifyArchive(file: string, options: VerifyOptions): Promise<VerifiedArchive> {
  let zip: ZipFile;
  try {
    zip = await openZip(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT')
      throw new RestoreError(
        `Fichier introuvable : ${file}. Indiquez le chemin de l’archive, par exemple npm run restore -- sauvegarde-rfs-2026-11-23.zip`,
      );
    throw new RestoreError(
      `Ce fichier n’est pas une archive ZIP lisible (${(error as Error).message}) : rien n’a été modifié.`,
    );
  }
  try {
    const entries = await listEntries(zip);
    const manifestEntry = entries.get(MANIFEST);
    if (!manifestEntry)
      throw new RestoreError(
        'Cette archive ne contient pas de manifest.json : ce n’est pas une sauvegarde du site. Rien n’a été modifié.',
      );
    let bytes: Buffer;
    let signatureBytes: Buffer | undefined;
    try {
      bytes = await readSmallEntry(zip, manifestEntry, MAX_MANIFEST_BYTES);
      const signatureEntry = entries.get(SIGNATURE);
      if (signatureEntry) signatureBytes = await readSmallEntry(zip, signatureEntry, MAX_SIGNATURE_BYTES);
    } catch (error) {
      if (error instanceof RestoreError) throw error;
      throw damaged('manifest.json illisible');
    }
    // Before the manifest is believed in anything: it names the files and their digests.
    const signature = checkSignature(options.key, bytes, signatureBytes);
    if (signature !== 'valid' && !options.acceptUnsigned) throw unsigned(signature);
    let manifest: BackupManifest;
    try {
      manifest = JSON.parse(bytes.toString('utf8')) as BackupManifest;
    } catch {
      throw damaged('manifest.json illisible');
    }
    if (manifest.format !== BACKUP_FORMAT || !manifest.files || !manifest.tables) {
      throw new RestoreError(
        `Format de sauvegarde inconnu (${String(manifest.format)}) : utilisez la version du site qui l’a produite. Rien n’a été modifié.`,
      );
    }
    const unexpected = [...entries.keys()].find(
      (name) => name !== MANIFEST && name !== SIGNATURE && !name.endsWith('/') && !Object.hasOwn(manifest.files, name),
    );
    if (unexpected) throw damaged(`fichier inattendu ${unexpected}`);
    const names = Object.keys(manifest.files);
    let checked = 0;
    for (const name of names) {
      const entry = entries.get(name);
      if (!entry) throw damaged(`fichier manquant ${name}`);
      const hash = createHash('sha256');
      let size = 0;
      try {
        for await (const chunk of await openEntry(zip, entry)) {
          hash.update(chunk as Buffer);
          size += (chunk as Buffer).length;
        }
      } catch {
        throw damaged(`${name} illisible`);
      }
      const expected = manifest.files[name]!;
      if (hash.digest('hex') !== expected.sha256 || size !== expected.size)
        throw damaged(`empreinte SHA-256 différente pour ${name}`);
      options.onProgress?.(++checked, names.length);
    }
    return { manifest, zip, entries, file, signature, close: () => zip.close() };
  } catch (error) {
    zip.close();
    throw error;
  }
}

export async function migrationTags(): Promise<string[]> {
  const journal = JSON.parse(await readFile(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
    entries: Array<{ tag: string }>;
  };
  return journal.entries.map((e) => e.tag);
}
