import type { FastifyReply } from 'fastify';
import { documentContentDisposition } from '#server/services/billing/documents.ts';

/** An issued invoice or credit note as a PDF download, the same stored bytes and headers for staff and for its client. */
export function sendDocumentPdf(reply: FastifyReply, fileName: string, pdf: Buffer) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', documentContentDisposition(fileName))
    .header('cache-control', 'no-store')
    .send(pdf);
}
