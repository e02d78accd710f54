// The model withdrawal form of the annex to article R221-1 of the consumer code, with the company's identity filled
// in: printed in the CGV and in the contract confirmation e-mail from this one text.

/** Days a consumer has to withdraw from a distance contract (L221-18). */
export const WITHDRAWAL_DAYS = 14;

export type WithdrawalFormLine = { text: string; blank?: true };

export function withdrawalFormLines(company: {
  legalName: string;
  address: string;
  email: string;
}): WithdrawalFormLine[] {
  return [
    {
      text: '(Veuillez compléter et renvoyer le présent formulaire uniquement si vous souhaitez vous rétracter du contrat.)',
    },
    { text: `À l’attention de ${company.legalName}, ${company.address}, ${company.email} :` },
    {
      text:
        'Je/Nous (*) vous notifie/notifions (*) par la présente ma/notre (*) rétractation du contrat portant sur la ' +
        'prestation de services (*) ci-dessous :',
    },
    { text: 'Commandé le (*) :', blank: true },
    { text: 'Nom du (des) consommateur(s) :', blank: true },
    { text: 'Adresse du (des) consommateur(s) :', blank: true },
    {
      text: 'Signature du (des) consommateur(s) (uniquement en cas de notification du présent formulaire sur papier) :',
      blank: true,
    },
    { text: 'Date :', blank: true },
    { text: '(*) Rayez la mention inutile.' },
  ];
}

/** An ISO day moved by whole days (calendar days, no time zone involved). */
function addIsoDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The last day a client may withdraw from an order concluded (paid) on `concludedOn`: 14 days later (L221-18). */
export const withdrawalDeadline = (concludedOn: string): string => addIsoDays(concludedOn, WITHDRAWAL_DAYS);

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

/**
 * What goes back to a client who withdraws on `withdrawnOn` (L221-25): all of the price without an express request;
 * with one, the price less the days of the period already past (from its first day to the day before the withdrawal),
 * pro rata over the period's days. A period not started yet has cost nothing. In cents, rounded for the client.
 */
export function withdrawalRefundCents(order: {
  priceCents: number;
  expressRequest: boolean;
  startsOn: string | null;
  endsOn: string | null;
  withdrawnOn: string;
}): number {
  if (!order.expressRequest || !order.startsOn || !order.endsOn) return order.priceCents;
  const total = dayNumber(order.endsOn) - dayNumber(order.startsOn) + 1;
  const used = Math.min(total, Math.max(0, dayNumber(order.withdrawnOn) - dayNumber(order.startsOn)));
  return order.priceCents - Math.floor((order.priceCents * used) / total);
}
