import {
  cheapestPlan,
  devicesPerPlan,
  expressPlans,
  joinFr,
  planPrice,
  priceList,
  priciestPlan,
  responseTimes,
  supportHours,
} from './plan-facts.ts';
import { nbsp } from './typography.ts';

export type FaqLink = { href: string; label: string };
export type FaqItem = { id: string; question: string; answer: string; link?: FaqLink };

// The answers follow the CGV: fixed term, no automatic renewal, paid in advance (online when offered, else as staff
// say), withdrawal within 14 days, no VAT, remote tool installed by the customer. The chat bot answers from the same texts.
export const FAQ_ITEMS: readonly FaqItem[] = (
  [
    {
      id: 'prix',
      question: 'Combien coûte l’assistance ?',
      answer:
        `De ${planPrice(cheapestPlan)} pour ${cheapestPlan.durationText} à ${planPrice(priciestPlan)} pour ${priciestPlan.durationText}. ` +
        `Le détail : ${priceList()}. Vous payez une seule fois, au début, pour toute la période : ni mensualités, ni frais cachés.`,
    },
    {
      id: 'delai',
      question: 'En combien de temps un technicien s’occupe-t-il de moi ?',
      answer:
        `Cela dépend de votre formule : ${responseTimes()}. Les formules ${joinFr(expressPlans)} comprennent aussi l’urgence express, ` +
        `prise en charge en moins de 30 minutes. Horaires d’assistance : ${supportHours()}.`,
    },
    {
      id: 'mac-windows',
      question: 'Vous aidez aussi sur Mac, ou seulement sur Windows ?',
      answer:
        'Oui. Nos techniciens interviennent aussi bien sur les Mac (iMac, Mac Studio, MacBook Air et Pro) que sur les ' +
        'ordinateurs Windows (PC fixe, portable, tablette). Toutes les formules couvrent les deux, au même prix.',
    },
    {
      id: 'paiement',
      question: 'Comment se passe le paiement ?',
      answer:
        'Vous payez une seule fois, d’avance, en euros. Quand le paiement en ligne est proposé, le bouton « Payer en ligne » ' +
        'de votre espace client vous permet de régler par carte bancaire ; sinon, ou si vous préférez, notre équipe vous ' +
        'indique par e-mail comment régler (carte, virement ou chèque). Une facture est émise dès le paiement. ' +
        'Aucune TVA n’est ajoutée : notre société est établie aux États-Unis, le prix affiché est donc le prix que vous payez.',
    },
    {
      id: 'engagement',
      question: 'Suis-je engagé ? Comment résilier ?',
      answer:
        'Il n’y a rien à résilier : votre abonnement dure le temps choisi puis s’arrête tout seul, sans reconduction automatique ' +
        'ni prélèvement surprise. Vous décidez ensuite librement de repartir pour une nouvelle période. ' +
        'Et vous pouvez vous rétracter dans les 14 jours qui suivent chaque commande, avec le bouton « Me rétracter » de ' +
        'votre espace client : vous êtes remboursé, moins la part de la période écoulée si vous aviez demandé que ' +
        'l’assistance commence tout de suite.',
      link: { href: '/cgv', label: 'Lire les conditions générales de vente' },
    },
    {
      id: 'securite',
      question: 'La prise en main à distance est-elle sûre ?',
      answer:
        'Oui. C’est vous qui installez l’outil de prise en main à distance (nous vous guidons pas à pas) et vous qui autorisez ' +
        'chaque connexion. Vous voyez sur votre écran tout ce que fait le technicien et vous pouvez arrêter la session à tout moment. ' +
        'Nous ne vous demanderons jamais vos codes bancaires.',
    },
    {
      id: 'appareils',
      question: 'Quels appareils sont couverts ?',
      answer:
        `Les ordinateurs Windows (PC fixe, portable, tablette Windows) et les Mac (iMac, Mac Studio, MacBook). ` +
        `Le nombre d’appareils dépend de la formule : ${devicesPerPlan()}.`,
    },
    {
      id: 'justificatif',
      question: 'Pourquoi me demande-t-on un justificatif d’achat ?',
      answer:
        'Nous pouvons vous demander une preuve d’achat ou de propriété de votre appareil (facture, ticket de caisse…). ' +
        'Nous nous assurons ainsi de n’intervenir que sur des appareils qui vous appartiennent. ' +
        'L’assistance démarre dès que ce document est reçu et vérifié.',
    },
    {
      id: 'inscription',
      question: 'Comment m’inscrire et recevoir mes identifiants ?',
      answer:
        'Choisissez une formule dans la partie Tarifs, puis remplissez le court formulaire d’inscription (nom, e-mail, téléphone, appareil). ' +
        'Notre équipe valide votre demande et vous envoie par e-mail vos identifiants personnels pour l’espace client, ' +
        'où vous réglez votre commande. Pensez à regarder aussi dans vos courriers indésirables.',
    },
    {
      id: 'facture',
      question: 'Comment vérifier qu’une facture vient bien de chez vous ?',
      answer:
        'Chaque facture porte une clé de vérification (de la forme RFS-XXXXXX-AAAA) et un QR code. ' +
        'Saisissez cette clé sur la page « Vérifier une facture » : vous verrez si elle a bien été émise par nous.',
      link: { href: '/verify-invoice', label: 'Vérifier une facture' },
    },
  ] satisfies FaqItem[]
).map((item) => ({ ...item, question: nbsp(item.question), answer: nbsp(item.answer) }));

export function faqItem(id: string): FaqItem {
  const item = FAQ_ITEMS.find((f) => f.id === id);
  if (!item) throw new Error(`Unknown FAQ item ${id}`);
  return item;
}
