import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

type ReceivedMail = { from: string; to: string[]; raw: string };

/**
 * A real SMTP server for tests and the benchmark: it receives, it can be stopped and started again on the same port
 * (a dead mail server), and it can take its time to accept each message (a slow one).
 */
export async function startSmtpPeer(options: { port?: number; delayMs?: number } = {}) {
  const received: ReceivedMail[] = [];
  const waiting: Array<{ count: number; resolve(): void }> = [];
  let server: SMTPServer | null = null;
  let port = options.port ?? 0;

  function create() {
    return new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      size: 25 * 1024 * 1024,
      // A stop drops the connections a pooled client keeps open, as a crashed server would.
      closeTimeout: 50,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const accept = () => {
            received.push({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((r) => r.address),
              raw: Buffer.concat(chunks).toString('utf8'),
            });
            callback();
            for (const w of [...waiting])
              if (received.length >= w.count) {
                waiting.splice(waiting.indexOf(w), 1);
                w.resolve();
              }
          };
          if (options.delayMs) setTimeout(accept, options.delayMs);
          else accept();
        });
      },
    });
  }

  const peer = {
    received,
    get port() {
      return port;
    },
    get url() {
      return `smtp://127.0.0.1:${port}`;
    },
    async start() {
      server = create();
      await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
      port = (server.server.address() as AddressInfo).port;
    },
    /** Stops answering: connections are refused until start() (the same port). */
    async stop() {
      const closing = server;
      server = null;
      if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
    },
    /** Resolves once `count` messages in all have been received. */
    receivedCount(count: number): Promise<void> {
      if (received.length >= count) return Promise.resolve();
      return new Promise((resolve) => waiting.push({ count, resolve }));
    },
  };
  await peer.start();
  return peer;
}

/** Quoted-printable soft breaks and escapes, and RFC 2047 « Q » headers, back to UTF-8 text. */
export function decodeMail(raw: string): string {
  // A long header is folded into several encoded words: joined back first.
  const unfolded = raw.replace(/\?=\r?\n[ \t]+=\?utf-8\?Q\?/gi, '');
  const headers = unfolded.replace(/=\?utf-8\?Q\?([^?]*)\?=/gi, (_m, q: string) => q.replace(/_/g, ' '));
  const body = headers
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
  return Buffer.from(body, 'latin1').toString('utf8');
}

/** The base64 parts of a multipart message with their file names (attachments). */
export function attachmentsOf(raw: string): Array<{ filename: string; contentType: string; content: Buffer }> {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  return parts.flatMap((part) => {
    const [head = '', ...rest] = part.split(/\r?\n\r?\n/);
    const filename = /filename="?([^"\r\n;]+)"?/i.exec(head)?.[1];
    if (!filename || !/content-transfer-encoding:\s*base64/i.test(head)) return [];
    const contentType = /content-type:\s*([^;\r\n]+)/i.exec(head)?.[1] ?? '';
    return [
      {
        filename,
        contentType,
        content: Buffer.from(rest.join('\n').replace(/\s+/g, '').replace(/--.*$/, ''), 'base64'),
      },
    ];
  });
}
