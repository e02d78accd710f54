import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { promisify } from 'node:util';
import { crc32 } from 'node:zlib';
import yauzl, { type Entry } from 'yauzl';
import yazl from 'yazl';

/**
 * Every entry of a zip, in the archive's order, read whole (test archives are small). Each entry's CRC-32 is checked
 * against its bytes, as `unzip -t` would: a damaged archive throws.
 */
export async function readZip(file: string): Promise<Map<string, Buffer>> {
  return entriesOf(await promisify<string, yauzl.Options, yauzl.ZipFile>(yauzl.open)(file, { lazyEntries: true }));
}

/** The same, for an archive received in memory (a download through app.inject). */
export async function readZipBuffer(data: Buffer): Promise<Map<string, Buffer>> {
  return entriesOf(
    await promisify<Buffer, yauzl.Options, yauzl.ZipFile>(yauzl.fromBuffer)(data, { lazyEntries: true }),
  );
}

async function entriesOf(zip: yauzl.ZipFile): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: Entry) => {
      zip.openReadStream(entry, async (error, stream) => {
        if (error) return reject(error);
        const chunks: Buffer[] = [];
        for await (const chunk of stream) chunks.push(chunk as Buffer);
        const data = Buffer.concat(chunks);
        if (crc32(data) !== entry.crc32) return reject(new Error(`CRC-32 mismatch in ${entry.fileName}`));
        out.set(entry.fileName, data);
        zip.readEntry();
      });
    });
    zip.on('end', resolve);
    zip.on('error', reject);
    zip.readEntry();
  });
  return out;
}

export async function writeZip(file: string, entries: Map<string, Buffer>): Promise<string> {
  const zip = new yazl.ZipFile();
  for (const [name, data] of entries) zip.addBuffer(data, name);
  zip.end();
  const out = createWriteStream(file);
  zip.outputStream.pipe(out);
  await once(out, 'close');
  return file;
}
