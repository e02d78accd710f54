import { ShieldCheck, TriangleAlert } from 'lucide-react';
import { findPlan } from '#shared/plans.ts';
import { formatDate, formatEuro } from '#shared/format.ts';
import type { InvoiceVerification } from '#shared/billing/invoice-verification.ts';
import { useSite } from '#client/lib/site.tsx';

// The public answer carries no payment method: a 0 € invoice is exactly a gifted one (isGifted, shared/billing/payment-labels.ts).
function amount(price: string): string {
  return Number(price) === 0 ? 'OFFERT' : `${formatEuro(price)} TTC`;
}

type Tone = { box: string; text: string; divide: string };
const GREEN: Tone = { box: 'border-green-300 bg-green-50', text: 'text-green-900', divide: 'divide-green-200' };
const AMBER: Tone = { box: 'border-amber-300 bg-amber-50', text: 'text-amber-900', divide: 'divide-amber-200' };

/** What the key names, for comparison with the paper: the invoice once issued, or the order still waiting for payment. */
export function InvoiceFound({ invoice }: { invoice: InvoiceVerification }) {
  const { legalName } = useSite();
  const service: [string, string] = ['Service', findPlan(invoice.plan)?.name ?? invoice.plan];
  if (invoice.number === null || invoice.issuedOn === null || invoice.total === null) {
    return (
      <Result
        tone={AMBER}
        title="Commande enregistrée, facture pas encore émise"
        text={`Cette commande a bien été enregistrée par ${legalName}. Sa facture sera émise à la réception du paiement.`}
        rows={[
          ['Numéro de facture', 'Pas encore émise'],
          ['Date de commande', formatDate(invoice.orderDate)],
          ['Client', invoice.clientName],
          ['Montant', amount(invoice.price)],
          service,
          ['Statut', invoice.statusLabel],
        ]}
      />
    );
  }
  const cancelled = invoice.status === 'cancelled';
  return (
    <Result
      tone={cancelled ? AMBER : GREEN}
      title={cancelled ? 'Facture authentique, annulée' : 'Facture authentique'}
      text={`Cette facture a bien été émise par ${legalName}. ${
        cancelled
          ? `${invoice.statusLabel} : elle ne vaut plus paiement.`
          : 'Vérifiez que les informations ci-dessous correspondent à votre document.'
      }`}
      rows={[
        ['Numéro de facture', invoice.number],
        ['Date d’émission', formatDate(invoice.issuedOn)],
        ['Client', invoice.clientName],
        ['Montant', amount(invoice.total)],
        service,
        ['Statut', invoice.statusLabel],
      ]}
    />
  );
}

function Result({
  tone,
  title,
  text,
  rows,
}: {
  tone: Tone;
  title: string;
  text: string;
  rows: Array<[string, string]>;
}) {
  return (
    <div className={`rounded-xl border p-5 sm:p-6 ${tone.box}`}>
      <h2 className={`flex items-center gap-2 text-lg font-semibold ${tone.text}`}>
        <ShieldCheck aria-hidden="true" className="h-6 w-6" /> {title}
      </h2>
      <p className={`mt-1 text-sm ${tone.text}`}>{text}</p>
      <dl className={`mt-4 divide-y rounded-lg bg-white px-4 ${tone.divide}`}>
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
