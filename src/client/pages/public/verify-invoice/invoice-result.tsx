import { ShieldCheck, TriangleAlert } from 'lucide-react';
import { findPlan } from '../../../../shared/plans';
import { formatDate, formatEuro, invoiceNumber } from '../../../../shared/format';
import { PAYMENT_STATUS_LABELS, type PaymentStatus } from '../../../../shared/labels';
import type { InvoiceVerification } from '../../../../shared/schemas/invoice';
import { useSite } from '../../../lib/site';

function amount(price: string): string {
  return Number(price) === 0 ? 'OFFERT' : `${formatEuro(price)} TTC`;
}

function statusLabel(status: string): string {
  return PAYMENT_STATUS_LABELS[status as PaymentStatus] ?? 'En attente';
}

/** 'Facture authentique' and what the invoice says, for comparison with the paper. */
export function InvoiceFound({ invoice }: { invoice: InvoiceVerification }) {
  const { legalName } = useSite();
  const rows: Array<[string, string]> = [
    ['Numéro de facture', invoiceNumber(invoice.id)],
    ['Date d’émission', formatDate(invoice.orderDate)],
    ['Client', invoice.clientName],
    ['Montant', amount(invoice.price)],
    ['Service', findPlan(invoice.plan)?.name ?? invoice.plan],
    ['Statut', statusLabel(invoice.paymentStatus)],
  ];
  return (
    <div className="rounded-xl border border-green-300 bg-green-50 p-5 sm:p-6">
      <h2 className="flex items-center gap-2 text-lg font-semibold text-green-900">
        <ShieldCheck aria-hidden="true" className="h-6 w-6" /> Facture authentique
      </h2>
      <p className="mt-1 text-sm text-green-900">
        Cette facture a bien été émise par {legalName}. Vérifiez que les informations ci-dessous correspondent à votre document.
      </p>
      <dl className="mt-4 divide-y divide-green-200 rounded-lg bg-white px-4">
        {rows.map(([label, value]) => (
          <div key={label} className="flex flex-col gap-0.5 py-2.5 sm:flex-row sm:justify-between sm:gap-4">
            <dt className="text-sm text-slate-600">{label}</dt>
            <dd className="break-words font-medium text-slate-900 sm:text-right">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

export function VerificationError({ message }: { message: string }) {
  return (
    <div className="flex gap-3 rounded-xl border border-red-300 bg-red-50 p-4 text-red-900">
      <TriangleAlert aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
      <p className="font-medium">{message}</p>
    </div>
  );
}
