import type { FastifyReply } from 'fastify';
import { invoiceContentDisposition } from '../services/invoices';
import { renderInvoicePdf, type InvoiceData } from '../services/invoice-pdf';

/** An invoice as a PDF download, the same bytes and headers for staff and for the client it belongs to. */
export async function sendInvoicePdf(reply: FastifyReply, orderId: number, invoice: InvoiceData) {
  const pdf = await renderInvoicePdf(invoice);
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', invoiceContentDisposition(orderId, invoice.client.name))
    .header('cache-control', 'no-store')
    .send(pdf);
}
