// « Mes données » as one zip: lisez-moi.txt and data.json first, then the client's files, each read from the database only when the
// zip comes to it, so a download holds one file in memory at a time whatever the total.
import { PassThrough, type Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import yazl from 'yazl';
import type { Tx } from '#server/db/client.ts';
import { deviceProofs, interventionAttachments } from '#server/db/schema.ts';
import { exportClientData, EXPORT_FILES_MAX_BYTES } from './client-data.ts';
import type { ExportFile } from './export-sections.ts';
import { exportReadme } from './export-readme.ts';

async function fileBytes(db: Tx, file: ExportFile): Promise<Buffer> {
  const table = file.table === 'device_proofs' ? deviceProofs : interventionAttachments;
  const [row] = await db.select({ data: table.data }).from(table).where(eq(table.id, file.id));
  // Purged between the listing and now (a proof's 30 days ended): the entry stays, empty, as data.json names it.
  return row?.data ?? Buffer.alloc(0);
}

/** The client's archive as a stream, or null when the account no longer exists. */
export async function clientDataArchive(
  db: Tx,
  clientId: number,
  now = new Date(),
  maxFileBytes = EXPORT_FILES_MAX_BYTES,
): Promise<Readable | null> {
  const exported = await exportClientData(db, clientId, now, maxFileBytes);
  if (!exported) return null;
  const zip = new yazl.ZipFile();
  const output = zip.outputStream as Readable;
  // A file that cannot be read (the database gone mid-download) is an error of the zip itself, emitted on it: passed
  // to the stream the answer reads, it cuts the download off. Unheard, it left the download hanging and escaped as an
  // unhandled rejection, which stops the process.
  zip.on('error', (error: Error) => output.destroy(error));
  zip.addBuffer(Buffer.from(exportReadme(exported.data, exported.files.length)), 'lisez-moi.txt', { mtime: now });
  zip.addBuffer(Buffer.from(JSON.stringify(exported.data, null, 2)), 'data.json', { mtime: now });
  for (const file of exported.files) {
    // Images and PDFs are compressed already: stored as they are.
    zip.addReadStreamLazy(file.path, { mtime: now, compress: false }, (give) => {
      fileBytes(db, file).then(
        (data) => {
          const stream = new PassThrough();
          stream.end(data);
          give(null, stream);
        },
        (error: Error) => give(error, undefined as never),
      );
    });
  }
  zip.end();
  return output;
}
