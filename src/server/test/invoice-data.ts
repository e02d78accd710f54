import { loadConfig } from '#server/config.ts';
import type { InvoiceData } from '#server/services/billing/invoice-pdf.ts';
import { invoiceDataOf } from '#server/services/billing/invoices.ts';

const config = loadConfig({ LOG_LEVEL: 'silent' });

/**
 * The invoice of the n-th paid order of a month's « pro » plan, as the order service hands it to the renderer: what the
 * PDF tests and benches draw. `clientName` defaults to « Client n ».
 */
export function sampleInvoiceData(n: number, clientName = `Client ${n}`): InvoiceData {
  return invoiceDataOf(
    {
      id: n,
      clientId: n,
      clientName,
      clientEmail: `client${n}@exemple.fr`,
      clientPhone: '0600000000',
      plan: 'pro',
      price: '50.00',
      paymentMethod: 'carte',
      orderDate: '2026-11-02',
      startsOn: '2026-11-02',
      endsOn: '2026-12-01',
      verificationKey: `RFS-${String(n).padStart(6, '0')}-2026`,
      username: `client${n}`,
    },
    config,
    {
      number: String(n).padStart(8, '0'),
      issuedOn: '2026-11-02',
      issuedAt: new Date('2026-11-02T10:00:00Z'),
      paymentDate: '2026-11-02',
    },
  );
}
