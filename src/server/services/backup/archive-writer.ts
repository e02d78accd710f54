import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import yazl from 'yazl';
import { PRIVATE_FILE } from '#server/db/private-files.ts';

export type FileDigest = { sha256: string; size: number };

const digest = (data: Buffer): FileDigest => ({
  sha256: createHash('sha256').update(data).digest('hex'),
  size: data.length,
});

/**
 * The zip being written, through a temporary name so a half-written archive is never served; every entry's digest
 * is kept for the manifest. A failure of the zip or of the disk (full) rejects whatever waits on the archive.
 */
export class ArchiveWriter {
  private readonly zip = new yazl.ZipFile();
  private readonly partial: string;
  // Readable by the server's user only, as its folder (runner.ts), from the first byte.
  private readonly output: WriteStream;
  private failure: Error | undefined;
  private readonly failed: Promise<never>;
  readonly files: Record<string, FileDigest> = {};

  constructor(
    private readonly file: string,
    private readonly mtime: Date,
  ) {
    this.partial = `${file}.partiel`;
    this.output = createWriteStream(this.partial, { mode: PRIVATE_FILE });
    this.failed = new Promise<never>((_, reject) => {
      const stop = (error: Error) => {
        this.failure ??= error;
        reject(error);
      };
      this.zip.outputStream.on('error', stop);
      this.output.on('error', stop);
    });
    this.failed.catch(() => {
      /* raised where awaited */
    });
    this.zip.outputStream.pipe(this.output);
  }

  /**
   * Files (PDFs, attachments) each as a stream made when the zip comes to it (yazl's addBuffer keeps every buffer until
   * the archive ends, and addReadStream its stream), stored as is: PDFs and images are compressed already. Entries are
   * written in order: once the last is read, all are, and their bytes can go.
   */
  async addFiles(entries: Array<{ name: string; data: Buffer }>) {
    let lastRead: Promise<void> | undefined;
    for (const entry of entries) {
      this.files[entry.name] = digest(entry.data);
      let data: Buffer | null = entry.data;
      let read!: () => void;
      lastRead = new Promise<void>((resolve) => {
        read = resolve;
      });
      this.zip.addReadStreamLazy(entry.name, { mtime: this.mtime, compress: false, size: data.length }, (give) => {
        const stream = new PassThrough();
        stream.once('end', read);
        stream.end(data);
        data = null;
        give(null, stream);
      });
    }
    if (lastRead) await Promise.race([lastRead, this.failed]);
  }

  /** A table's JSON or CSV written aside first, then deflated into the archive and removed. */
  async addTempFile(name: string, temp: string, fileDigest: FileDigest) {
    this.files[name] = fileDigest;
    const stream = createReadStream(temp);
    // Fastest deflate: JSON and CSV still shrink several times, for a third of the default level's time.
    this.zip.addReadStream(stream, name, { mtime: this.mtime, compressionLevel: 1 });
    await Promise.race([once(stream, 'end'), this.failed]);
    await rm(temp, { force: true });
  }

  /** The manifest and its signature last, then the archive takes its final name. */
  async finish(manifest: Buffer, manifestName: string, signature: Buffer, signatureName: string) {
    this.zip.addBuffer(manifest, manifestName, { mtime: this.mtime });
    this.zip.addBuffer(signature, signatureName, { mtime: this.mtime });
    this.zip.end();
    await Promise.race([once(this.output, 'close'), this.failed]);
    if (this.failure) throw this.failure;
    await rename(this.partial, this.file);
  }

  async discard() {
    this.output.destroy();
    await rm(this.partial, { force: true });
  }
}

/** A temporary file written with backpressure, its SHA-256 computed on the way. */
export function hashedWriter(file: string) {
  const stream: WriteStream = createWriteStream(file, { mode: PRIVATE_FILE });
  const hash = createHash('sha256');
  let size = 0;
  let error: Error | undefined;
  stream.on('error', (e) => {
    error = e;
  });
  return {
    async write(text: string) {
      if (error) throw error;
      const chunk = Buffer.from(text);
      hash.update(chunk);
      size += chunk.length;
      if (!stream.write(chunk)) await once(stream, 'drain');
    },
    async finish(): Promise<FileDigest> {
      stream.end();
      await once(stream, 'close');
      if (error) throw error;
      return { sha256: hash.digest('hex'), size };
    },
  };
}
