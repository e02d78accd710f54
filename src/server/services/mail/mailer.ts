import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { MAIL_FILE_DAYS, schedulePurge, writeMailFile } from './mail-files';

export type MailAttachment = { filename: string; content: Buffer; contentType: string };
/** One message as handed to the transport: French plain text, and HTML and attachments when the template has them. */
export type Mail = { to: string; subject: string; text: string; html?: string; attachments?: MailAttachment[] };
export type Mailer = { send(mail: Mail): Promise<void>; close(): void };

/** SMTP when SMTP_URL is set; otherwise each message becomes an .eml file in DATA_DIR/outbox/. */
export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  if (config.SMTP_URL) {
    // Pooled (1,000 queued messages reuse a few connections) with timeouts well under the queue's 5-minute claim on a
    // message (services/mail/delivery.ts), so a hung server fails the attempt instead of outliving it.
    const transport = nodemailer.createTransport({
      url: config.SMTP_URL, pool: true, maxConnections: 4, connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000,
    });
    return {
      async send(mail) {
        await transport.sendMail({ from: config.MAIL_FROM, ...mail });
        log.info({ to: mail.to, subject: mail.subject }, 'mail sent');
      },
      close: () => transport.close(),
    };
  }
  const outbox = path.join(config.DATA_DIR, 'outbox');
  if (config.NODE_ENV === 'production') {
    log.warn({ outbox }, `SMTP_URL is not set: e-mails are not sent but written to ${outbox} (kept ${MAIL_FILE_DAYS} days, readable by this user only)`);
  }
  const stopPurge = schedulePurge(outbox, log);
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: config.MAIL_FROM, ...mail });
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
