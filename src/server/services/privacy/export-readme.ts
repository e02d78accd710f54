// « lisez-moi.txt », first in the « Mes données » archive: what each part of data.json holds, in French, for a client
// who opens a JSON file for the first time. Its keys stay in English, as programs that read the export expect them.
import { formatDateTime } from '#shared/format.ts';
import type { ClientExport } from './client-data.ts';

/** One line per part of data.json: a part added without its words does not compile. */
const PARTS: Record<keyof ClientExport, string> = {
  exportedAt: 'la date et l’heure de cet export',
  about: 'ce que contient l’export, en une phrase',
  account: 'votre compte : identifiant, nom, e-mail, téléphone, date de création',
  sessions: 'vos connexions à l’espace client encore ouvertes',
  passwordResetLinks: 'les liens de changement de mot de passe que vous avez demandés',
  orders: 'vos commandes, avec leurs factures et avoirs (« documents ») et vos paiements en ligne',
  devices: 'vos appareils couverts et leurs justificatifs',
  interventions: 'vos demandes d’assistance, leurs messages et l’avis que vous avez donné',
  screenShares: 'les partages d’écran avec un technicien',
  requests: 'vos demandes d’inscription, messages de contact et demandes d’effacement',
  emails: 'les courriels que nous vous avons envoyés',
  history: 'les changements faits par l’équipe sur vos commandes et demandes (« label » dit lequel)',
};

export function exportReadme(data: Pick<ClientExport, 'exportedAt' | 'about'>, files: number): string {
  return [
    // « 29/11/2026 09:45 » reads « le 29/11/2026 à 09:45 ».
    `Vos données chez RFS Assistance, exportées le ${formatDateTime(data.exportedAt).replace(' ', ' à ')} (heure de Paris).`,
    '',
    data.about,
    '',
    'Le fichier data.json est un fichier texte (format JSON) : il s’ouvre avec un navigateur ou un éditeur de texte.',
    'Ses dates sont écrites au format international, en temps universel (par exemple 2026-11-29T08:45:00.000Z).',
    'Il contient :',
    ...Object.entries(PARTS).map(([key, words]) => `- ${key} : ${words}`),
    '',
    files > 0
      ? `Le dossier « fichiers » contient ${files} fichier(s) : vos justificatifs et les pièces jointes de vos demandes.`
      : 'Cet export ne contient aucun fichier joint.',
    '',
    'Une question sur vos données : écrivez-nous depuis la page Contact du site.',
    '',
  ].join('\r\n');
}
