// How long each kind of personal data is kept: the one table the privacy page prints and the purge jobs read.

type RetentionUnit = 'minutes' | 'hours' | 'days' | 'months' | 'years';

export type RetentionPeriod = {
  /** the data, as the privacy page names it */
  data: string;
  amount: number;
  unit: RetentionUnit;
  /** from when the period runs, as the page says it after the duration (« après la clôture de la demande ») */
  from: string;
  /** why this long: the purpose and the legal basis, in the reader's words */
  why: string;
  /** what happens at the end */
  then: 'deleted' | 'anonymised';
  /**
   * `job`: a nightly job of the queue does it (services/privacy/retention.ts and the outbox's and proofs' own jobs).
   * `staff`: a person decides, because it cannot be undone and a case may call for an exception (an account is
   * anonymised through a confirmed erasure; invoices leave only after the accounts of their year are closed for good).
   */
  by: 'job' | 'staff';
};

/** In the privacy page's order: the account first, then requests, e-mails, technical traces and billing. */
export const RETENTION = {
  account: {
    data: 'Compte client : identité, coordonnées, appareils, identifiants',
    amount: 3,
    unit: 'years',
    from: 'après la fin de votre dernier abonnement (ou la création du compte, sans abonnement)',
    why: 'Le temps du contrat, puis de pouvoir revenir sans tout ressaisir. Passé ce délai, notre équipe vérifie qu’aucune demande n’est en cours puis rend le compte anonyme.',
    then: 'anonymised',
    by: 'staff',
  },
  clientSessions: {
    data: 'Session de connexion à l’espace client (cookie)',
    amount: 30,
    unit: 'days',
    from: 'après la connexion (moins si vous vous déconnectez)',
    why: 'Vous garder connecté ; au-delà, vous vous reconnectez.',
    then: 'deleted',
    by: 'job',
  },
  passwordResets: {
    data: 'Lien « Mot de passe oublié »',
    amount: 1,
    unit: 'hours',
    from: 'après son envoi',
    why: 'Un lien de réinitialisation ne sert qu’une fois et peu de temps.',
    then: 'deleted',
    by: 'job',
  },
  remoteIds: {
    data: 'Identifiant de prise en main à distance (AnyDesk, TeamViewer…)',
    amount: 30,
    unit: 'days',
    from: 'après la clôture de la demande',
    why: 'Il ne sert qu’à vous rejoindre pendant la demande.',
    then: 'deleted',
    by: 'job',
  },
  requestMessages: {
    data: 'Messages et pièces jointes d’une demande d’assistance',
    amount: 2,
    unit: 'years',
    from: 'après la clôture de la demande',
    why: 'Reprendre un problème qui revient et répondre à une réclamation sur le service rendu (2 ans : article L218-2 du code de la consommation).',
    then: 'deleted',
    by: 'job',
  },
  requests: {
    data: 'Historique des demandes : objet, description, durée, technicien, votre note',
    amount: 5,
    unit: 'years',
    from: 'après la clôture de la demande',
    why: 'Prouver le service rendu en cas de litige (prescription de 5 ans, article 2224 du code civil).',
    then: 'deleted',
    by: 'job',
  },
  screenShares: {
    data: 'Partages d’écran : début, fin, durée et technicien (jamais l’image ni le son)',
    amount: 1,
    unit: 'years',
    from: 'après leur fin',
    why: 'Justifier le temps d’intervention compté ; comme un journal de connexion, un an suffit (CNIL).',
    then: 'deleted',
    by: 'job',
  },
  liveSignals: {
    data: 'Adresses réseau échangées pour établir un partage d’écran',
    amount: 10,
    unit: 'minutes',
    from: 'au plus (dès la fin du partage, le plus souvent)',
    why: 'Relier directement votre navigateur à celui du technicien.',
    then: 'deleted',
    by: 'job',
  },
  deviceProofs: {
    data: 'Justificatif d’appareil (photo, capture ou facture d’achat)',
    amount: 30,
    unit: 'days',
    from: 'après la décision (appareil vérifié, refusé ou retiré)',
    why: 'Vérifier que l’appareil couvert est bien le vôtre ; la décision reste, le justificatif ne sert plus.',
    then: 'deleted',
    by: 'job',
  },
  contactMessages: {
    data: 'Messages envoyés par le formulaire de contact',
    amount: 3,
    unit: 'years',
    from: 'après leur réception',
    why: 'Vous répondre, et retrouver l’échange si vous revenez vers nous (3 ans après le dernier contact : recommandation de la CNIL pour les prospects).',
    then: 'deleted',
    by: 'job',
  },
  registrations: {
    data: 'Demandes d’inscription refusées ou restées sans suite',
    amount: 3,
    unit: 'years',
    from: 'après la demande',
    why: 'Répondre à une contestation et reconnaître une nouvelle demande de la même personne (3 ans, comme un prospect).',
    then: 'deleted',
    by: 'job',
  },
  outboxMessages: {
    data: 'Copie des e-mails que nous vous envoyons',
    amount: 90,
    unit: 'days',
    from: 'après leur envoi',
    why: 'Vérifier qu’un e-mail est parti et le renvoyer si vous ne l’avez pas reçu.',
    then: 'deleted',
    by: 'job',
  },
  outboxSecrets: {
    data: 'Identifiants contenus dans un e-mail qui n’a pas pu être remis',
    amount: 7,
    unit: 'days',
    from: 'après l’échec de l’envoi (aussitôt, une fois l’e-mail remis)',
    why: 'Pouvoir renvoyer l’e-mail ; ensuite, nous créons de nouveaux identifiants.',
    then: 'deleted',
    by: 'job',
  },
  liveEvents: {
    data: 'Notifications en direct des pages ouvertes',
    amount: 1,
    unit: 'days',
    from: 'après leur envoi',
    why: 'Rattraper ce qu’une page a manqué pendant une coupure de réseau.',
    then: 'deleted',
    by: 'job',
  },
  loginThrottle: {
    data: 'Tentatives de connexion (empreinte de l’identifiant et de l’adresse IP)',
    amount: 31,
    unit: 'days',
    from: 'après la dernière tentative',
    why: 'Protéger les comptes contre les essais de mots de passe (intérêt légitime) et reconnaître un appareil habituel pendant un mois.',
    then: 'deleted',
    by: 'job',
  },
  auditLog: {
    data: 'Journal des actions de notre équipe (qui a consulté ou modifié quoi, depuis quelle adresse)',
    amount: 1,
    unit: 'years',
    from: 'après l’action',
    why: 'Sécurité et traçabilité des accès à vos données (CNIL : 6 mois à 1 an pour les journaux).',
    then: 'deleted',
    by: 'job',
  },
  paymentEvents: {
    data: 'Avis de paiement reçus de Stripe (numéro et type d’événement)',
    amount: 1,
    unit: 'years',
    from: 'après leur réception',
    why: 'Ne compter chaque paiement qu’une fois.',
    then: 'deleted',
    by: 'job',
  },
  billing: {
    data: 'Commandes, factures, avoirs et paiements',
    amount: 10,
    unit: 'years',
    from: 'après la clôture de l’exercice comptable',
    why: 'Obligation comptable (article L123-22 du code de commerce), y compris après l’effacement de votre compte.',
    then: 'deleted',
    by: 'staff',
  },
} as const satisfies Record<string, RetentionPeriod>;

export type RetentionKey = keyof typeof RETENTION;

const UNIT_WORDS: Record<RetentionUnit, [one: string, many: string]> = {
  minutes: ['minute', 'minutes'],
  hours: ['heure', 'heures'],
  days: ['jour', 'jours'],
  months: ['mois', 'mois'],
  years: ['an', 'ans'],
};

/** « 3 ans », « 1 heure »: the duration as the page writes it. */
export function durationLabel(p: Pick<RetentionPeriod, 'amount' | 'unit'>): string {
  const [one, many] = UNIT_WORDS[p.unit];
  return `${p.amount} ${p.amount > 1 ? many : one}`;
}

const UNIT_MS: Partial<Record<RetentionUnit, number>> = { minutes: 60_000, hours: 3_600_000, days: 86_400_000 };

/** A period counted in minutes, hours or days, in milliseconds (a session's or a link's lifetime). */
export function periodMs(p: Pick<RetentionPeriod, 'amount' | 'unit'>): number {
  const ms = UNIT_MS[p.unit];
  if (ms === undefined) throw new Error(`a period in ${p.unit} has no fixed length`);
  return p.amount * ms;
}

/**
 * The instant before which a row of this kind is past its period: `now` less the period, months and years counted
 * on the calendar (3 years before 29 February is 1 March), so a boundary falls on the same date the page promises.
 */
export function retentionLimit(p: Pick<RetentionPeriod, 'amount' | 'unit'>, now: Date): Date {
  if (p.unit !== 'months' && p.unit !== 'years') return new Date(now.getTime() - periodMs(p));
  return monthsBefore(now, p);
}

/**
 * The day (YYYY-MM-DD) before which a period counted from a day (a subscription's last day) is over, on `today` (a
 * Paris day). Counted on the day itself: from the instant, then read in Paris, a limit across a change of clock lands
 * an hour further and, in the last hour of the evening, on the next day.
 */
export function retentionLimitDay(p: Pick<RetentionPeriod, 'amount' | 'unit'>, today: string): string {
  if (p.unit !== 'months' && p.unit !== 'years') throw new Error(`a period in ${p.unit} is not counted in days`);
  return monthsBefore(new Date(`${today}T00:00:00Z`), p)
    .toISOString()
    .slice(0, 10);
}

function monthsBefore(instant: Date, p: Pick<RetentionPeriod, 'amount' | 'unit'>): Date {
  const limit = new Date(instant);
  limit.setUTCMonth(limit.getUTCMonth() - (p.unit === 'years' ? 12 * p.amount : p.amount));
  return limit;
}
