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
