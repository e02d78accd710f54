import { HELP_SUGGESTIONS, helpArticlePath, type HelpArticleCard } from '#shared/help/help-pages.ts';
import { faqItem, type FaqLink } from './faq-data.ts';
import { cheapestPlan, interventionsPerPlan, planPrice } from './plan-facts.ts';
import { nbsp } from './typography.ts';

export type ChatSender = 'user' | 'bot';
export type ChatMessage = { id: string; text: string; sender: ChatSender; timestamp: number; links?: FaqLink[] };
export type BotReply = { text: string; links?: FaqLink[] };

/** docs/specification.md §9: the bot answers one second after the visitor's message. */
export const BOT_DELAY_MS = 1000;

const CONTACT_LINK: FaqLink = { href: '#contact', label: 'Aller au formulaire de contact' };
const PRICING_LINK: FaqLink = { href: '#tarifs', label: 'Voir les tarifs' };

export const WELCOME: BotReply = {
  text: nbsp(
    'Bonjour ! Je suis l’assistant automatique. Posez-moi votre question : prix, délai d’intervention, Mac ou Windows, paiement, sécurité…',
  ),
};

export const FALLBACK: BotReply = {
  text: nbsp(
    'Je n’ai pas bien compris, désolé. Essayez avec d’autres mots (prix, délai, Mac, paiement…) ' +
      'ou écrivez-nous avec le formulaire de contact en bas de la page : un conseiller vous répondra par e-mail.',
  ),
  links: [CONTACT_LINK],
};

const fromFaq = (id: string, link?: FaqLink): BotReply => {
  const item = faqItem(id);
  const shown = link ?? item.link;
  return { text: item.answer, links: shown ? [shown] : undefined };
};

// A keyword matches a whole word; "stem*" matches words starting with stem; "a b" matches that phrase.
// First topic wins, so the precise subjects come before the broad ones ("prix" would catch "combien d'appareils").
type Topic = { keywords: string[]; reply: () => BotReply };
const TOPICS: Topic[] = [
  {
    keywords: ['resili*', 'annul*', 'engag*', 'reconduc*', 'renouvel*', 'rembours*', 'retractation'],
    reply: () => fromFaq('engagement'),
  },
  {
    keywords: [
      'paie*',
      'paye*',
      'payer',
      'paiement*',
      'carte*',
      'cb',
      'crypto*',
      'bitcoin',
      'tva',
      'regler',
      'reglement',
    ],
    reply: () => fromFaq('paiement'),
  },
  {
    keywords: ['justificatif*', 'preuve*', 'proprietaire', 'propriete', 'ticket*'],
    reply: () => fromFaq('justificatif'),
  },
  { keywords: ['factur*'], reply: () => fromFaq('facture') },
  {
    keywords: ['securi*', 'prise en main', 'confiance', 'risque*', 'dangereu*', 'teamviewer', 'anydesk'],
    reply: () => fromFaq('securite'),
  },
  {
    keywords: ['virus', 'antivirus', 'malware*', 'pirat*', 'arnaque*', 'hameconnage', 'phishing', 'publicite*'],
    reply: () => ({
      text:
        'Oui, nous recherchons et supprimons les virus et logiciels indésirables, nous vérifions votre antivirus ' +
        'et vous aidons à repérer les arnaques (faux messages, fausses alertes). C’est compris dans toutes les formules.',
      links: [PRICING_LINK],
    }),
  },
  {
    keywords: ['intervention*', 'combien de fois', 'illimite*', 'nombre de demandes'],
    reply: () => ({ text: `Nombre d’interventions : ${interventionsPerPlan()}.`, links: [PRICING_LINK] }),
  },
  {
    keywords: ['appareil*', 'ordinateurs', 'plusieurs', 'tablette*', 'telephone portable'],
    reply: () => fromFaq('appareils'),
  },
  { keywords: ['delai*', 'rapid*', 'vite', 'urgen*', 'attendre', 'attente', 'temps'], reply: () => fromFaq('delai') },
  {
    keywords: ['horaire*', 'heure*', 'ouvert*', 'dimanche', 'samedi', 'weekend', 'soir', 'nuit'],
    reply: () => fromFaq('delai'),
  },
  {
    keywords: ['inscri*', 'abonner', 'souscri*', 'commencer', 'commander', 'identifiant*', 'compte', 'mot de passe'],
    reply: () => fromFaq('inscription'),
  },
  {
    keywords: ['prix', 'tarif*', 'cout*', 'coute*', 'combien', 'cher', 'euro*', 'formule*', 'offre*', 'abonnement*'],
    reply: () => fromFaq('prix', PRICING_LINK),
  },
  { keywords: ['mac', 'macs', 'macbook*', 'imac*', 'macos', 'apple', 'osx'], reply: () => fromFaq('mac-windows') },
  {
    keywords: ['windows', 'pc', 'microsoft', 'mise a jour', 'mises a jour', 'logiciel*'],
    reply: () => ({
      text:
        'Oui, nous dépannons les ordinateurs Windows : PC fixes, portables et tablettes Windows ' +
        '(mises à jour, messages d’erreur, logiciels, réglages). Les Mac aussi, dans toutes les formules.',
      links: [PRICING_LINK],
    }),
  },
  {
    keywords: ['lent*', 'lenteur*', 'rame', 'ramer', 'optimis*', 'nettoy*', 'bloque*', 'plante*', 'demarr*'],
    reply: () => ({
      text:
        'Un ordinateur lent ou qui se bloque ? Un technicien fait le ménage à distance : programmes inutiles, ' +
        'démarrage allégé, espace libéré, mises à jour. Vous voyez tout sur votre écran.',
      links: [PRICING_LINK],
    }),
  },
  {
    keywords: ['imprim*', 'scanner', 'wifi', 'internet', 'box', 'reseau', 'mail', 'mails', 'email*', 'messagerie'],
    reply: () => ({
      text:
        'Oui, nous vous aidons à installer une imprimante ou un scanner, à vous connecter au Wi-Fi ' +
        'et à régler votre messagerie e-mail, à distance.',
      links: [PRICING_LINK],
    }),
  },
  {
    keywords: ['sauvegard*', 'donnees', 'photos', 'fichier*', 'backup', 'perdu*', 'transfer*'],
    reply: () => ({
      text:
        'Nous mettons vos photos et documents à l’abri : sauvegarde automatique, aide pour transférer ' +
        'vos fichiers vers un nouvel ordinateur.',
      links: [PRICING_LINK],
    }),
  },
  {
    keywords: ['humain', 'conseiller*', 'quelqu un', 'telephone', 'appeler', 'joindre', 'contact*', 'parler'],
    reply: () => ({
      text:
        'Pour parler à un conseiller, laissez-nous un message avec le formulaire de contact en bas de la page : ' +
        'nous vous répondons par e-mail.',
      links: [CONTACT_LINK],
    }),
  },
  { keywords: ['merci'], reply: () => ({ text: 'Avec plaisir ! N’hésitez pas si vous avez une autre question.' }) },
  {
    keywords: ['bonjour', 'bonsoir', 'salut', 'hello', 'coucou'],
    reply: () => ({
      text:
        `Bonjour ! Que puis-je faire pour vous ? Je peux vous parler de nos formules (dès ${planPrice(cheapestPlan)}), ` +
        'des délais, du paiement ou de la sécurité.',
    }),
  },
];

/** Lower case, accents and punctuation removed: "Coût ?" and "cout" read the same. */
export function normalize(text: string): string {
  return text
    .toLowerCase()
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

function matches(text: string, keyword: string): boolean {
  const padded = ` ${text} `;
  return keyword.endsWith('*') ? padded.includes(` ${keyword.slice(0, -1)}`) : padded.includes(` ${keyword} `);
}

/** The bot's answer to a visitor's message: the first topic one of whose keywords appears, else the fallback. */
export function botReply(message: string): BotReply {
  const text = normalize(message);
  const topic = TOPICS.find((t) => t.keywords.some((k) => matches(text, k)));
  if (!topic) return FALLBACK;
  const reply = topic.reply();
  return { ...reply, text: nbsp(reply.text) };
}

/** The bot's answer from the help centre's articles (up to three, best first), the contact form still offered. */
export function articlesReply(articles: Pick<HelpArticleCard, 'slug' | 'title'>[]): BotReply {
  if (!articles.length) return FALLBACK;
  return {
    text: nbsp(
      'Notre centre d’aide en parle peut-être. Si ces articles ne suffisent pas, écrivez-nous avec le formulaire de ' +
        'contact en bas de la page : un conseiller vous répondra par e-mail.',
    ),
    links: [
      ...articles.slice(0, HELP_SUGGESTIONS).map((a) => ({ href: helpArticlePath(a.slug), label: a.title })),
      CONTACT_LINK,
    ],
  };
}
