import { ShieldCheck, TriangleAlert } from 'lucide-react';
import { findPlan } from '../../../../shared/plans';
import { formatDate, formatEuro } from '../../../../shared/format';
import type { InvoiceVerification } from '../../../../shared/schemas/invoice';
import { useSite } from '../../../lib/site';

// The public answer carries no payment method: a 0 € invoice is exactly a gifted one (isGifted, shared/labels.ts).
function amount(price: string): string {
  return Number(price) === 0 ? 'OFFERT' : `${formatEuro(price)} TTC`;
}

/** 'Facture authentique' and what the invoice says, for comparison with the paper. */
export function InvoiceFound({ invoice }: { invoice: InvoiceVerification }) {
  const { legalName } = useSite();
  const rows: Array<[string, string]> = [
    ['Numéro de facture', invoice.number],
    ['Date d’émission', formatDate(invoice.issuedOn)],
    ['Client', invoice.clientName],
    ['Montant', amount(invoice.total)],
    ['Service', findPlan(invoice.plan)?.name ?? invoice.plan],
    ['Statut', invoice.statusLabel],
  ];
  const cancelled = invoice.status === 'cancelled';
  return (
    <div className={cancelled ? 'rounded-xl border border-amber-300 bg-amber-50 p-5 sm:p-6' : 'rounded-xl border border-green-300 bg-green-50 p-5 sm:p-6'}>
      <h2 className={`flex items-center gap-2 text-lg font-semibold ${cancelled ? 'text-amber-900' : 'text-green-900'}`}>
        <ShieldCheck aria-hidden="true" className="h-6 w-6" /> {cancelled ? 'Facture authentique, annulée' : 'Facture authentique'}
      </h2>
      <p className={`mt-1 text-sm ${cancelled ? 'text-amber-900' : 'text-green-900'}`}>
        Cette facture a bien été émise par {legalName}.{' '}
        {cancelled ? `${invoice.statusLabel} : elle ne vaut plus paiement.` : 'Vérifiez que les informations ci-dessous correspondent à votre document.'}
      </p>
      <dl className={`mt-4 divide-y rounded-lg bg-white px-4 ${cancelled ? 'divide-amber-200' : 'divide-green-200'}`}>
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
