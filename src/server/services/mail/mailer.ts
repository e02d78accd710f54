import { assertNoOpenTransaction } from '#server/db/open-transaction.ts';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type { Config } from '#server/config.ts';
import { MAIL_FILE_DAYS, schedulePurge, writeMailFile } from './mail-files.ts';

export type MailAttachment = { filename: string; content: Buffer; contentType: string };
/** One message as handed to the transport: French plain text, and HTML and attachments when the template has them. */
export type Mail = { to: string; subject: string; text: string; html?: string; attachments?: MailAttachment[] };
export type Mailer = { send(mail: Mail): Promise<void>; close(): void };

/**
 * The transport, made at the first message: nodemailer holds a few megabytes the server does not need before then.
 * A failed load fails that message's attempt (the queue retries it), never the start of the server.
 */
function lazyTransport<T extends Transporter<unknown>>(make: (module: typeof nodemailer) => T) {
  let transport: Promise<T> | undefined;
  let made: T | undefined;
  let closed = false;
  return {
    get: () => {
      transport ??= import('nodemailer').then(
        (module) => {
          made = make(module.default);
          // Closed while it loaded (a stop during the first message): its pool must not outlive the server.
          if (closed) made.close();
          return made;
        },
        (error: unknown) => {
          transport = undefined;
          throw error;
        },
      );
      return transport;
    },
    close: () => {
      closed = true;
      made?.close();
    },
  };
}

/** SMTP when SMTP_URL is set; otherwise each message becomes an .eml file in DATA_DIR/outbox/. */
export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  if (config.SMTP_URL) {
    // Pooled (1,000 queued messages reuse a few connections) with timeouts well under the queue's 5-minute claim on a
    // message (services/mail/delivery.ts), so a hung server fails the attempt instead of outliving it.
    const url = config.SMTP_URL;
    const transport = lazyTransport((nodemailer) =>
      nodemailer.createTransport({
        url,
        pool: true,
        maxConnections: 4,
        connectionTimeout: 30_000,
        greetingTimeout: 30_000,
        socketTimeout: 60_000,
      }),
    );
    return {
      async send(mail) {
        assertNoOpenTransaction('The SMTP server');
        await (await transport.get()).sendMail({ from: config.MAIL_FROM, ...mail });
        log.info({ to: mail.to, subject: mail.subject }, 'mail sent');
      },
      close: () => transport.close(),
    };
  }
  const outbox = path.join(config.DATA_DIR, 'outbox');
  if (config.NODE_ENV === 'production') {
    log.warn(
      { outbox },
      `SMTP_URL is not set: e-mails are not sent but written to ${outbox} (kept ${MAIL_FILE_DAYS} days, readable by this user only)`,
    );
  }
  const stopPurge = schedulePurge(outbox, log);
  const transport = lazyTransport((nodemailer) =>
    nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
  );
  return {
    async send(mail) {
      const info = await (await transport.get()).sendMail({ from: config.MAIL_FROM, ...mail });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^a-z0-9]/gi, '')}.eml`;
      const file = await writeMailFile(outbox, name, info.message as Buffer);
      log.info({ to: mail.to, subject: mail.subject, file }, 'mail written to outbox (no SMTP_URL)');
    },
    close: () => {
      stopPurge();
      transport.close();
    },
  };
}
