import type { StarterArticle } from './starter-articles.ts';

// The first articles about photos, the remote session and the client area: what clients ask most about their account.
export const ACCOUNT_ARTICLES: StarterArticle[] = [
  {
    slug: 'sauvegarder-ses-photos',
    title: 'Sauvegarder ses photos',
    summary: 'Garder une copie de vos photos en sécurité : sur un disque externe, et dans le cloud.',
    category: 'sauvegarde',
    body: `Un ordinateur peut tomber en panne, être volé ou attaqué par un virus. Une photo qui n’existe qu’à un seul endroit peut être perdue pour toujours.

**La règle simple : deux copies, dont une hors de l’ordinateur.**

## Sur un disque dur externe
1. Achetez un disque externe d’une capacité au moins double de vos photos (1 To suffit le plus souvent).
2. Branchez-le, ouvrez l’**Explorateur de fichiers** (Windows) ou le **Finder** (Mac).
3. Copiez le dossier **Images** (Windows) ou exportez la photothèque depuis l’app **Photos** (Mac) vers le disque.
4. Débranchez le disque proprement (icône « Retirer le périphérique » ou « Éjecter ») et rangez-le ailleurs que l’ordinateur.

Recommencez chaque mois, ou utilisez la sauvegarde automatique : **Historique des fichiers** sur Windows, **Time Machine** sur Mac.

## Dans le cloud
OneDrive (Windows), iCloud Photos (Mac, iPhone) ou Google Photos copient vos photos automatiquement sur Internet. Vérifiez l’espace gratuit proposé : au-delà, l’abonnement est payant.

Vous voulez qu’on mette la sauvegarde automatique en place avec vous ? Demandez une assistance.`,
  },
  {
    slug: 'installer-l-outil-de-prise-en-main',
    title: 'Installer l’outil de prise en main à distance',
    summary: 'RustDesk, AnyDesk ou TeamViewer : l’installer, trouver son identifiant et nous le donner.',
    category: 'abonnement',
    body: `Pour travailler sur votre ordinateur comme s’il était devant nous, un technicien a besoin d’un outil de prise en main à distance, que **vous** installez et que vous gardez sous contrôle.

## 1. Installez l’outil
Téléchargez-le **uniquement depuis son site officiel** : rustdesk.com, anydesk.com ou teamviewer.com. Sur Windows, l’**Assistance rapide** est déjà installée : rien à télécharger.

## 2. Trouvez votre identifiant
Ouvrez l’outil : votre identifiant s’affiche en grand.
- RustDesk : sous « Votre bureau », par exemple 123 456 789.
- AnyDesk : sous « Votre adresse ».
- TeamViewer : sous « Votre ID ».

## 3. Donnez-le dans votre espace client
Dans votre tableau de bord, **Session à distance** : choisissez l’outil et recopiez l’identifiant. Avec l’Assistance rapide, c’est le technicien qui vous donne un code à saisir.

## Ce que nous ne vous demanderons jamais
Le mot de passe de votre espace client, celui de votre banque ou de votre messagerie. Le technicien vous demande seulement, au moment de se connecter, le **code temporaire** que l’outil affiche. Vous pouvez couper la session à tout moment en fermant l’outil.

Vous pouvez aussi simplement partager votre écran depuis le navigateur, quand le technicien vous le propose.`,
  },
  {
    slug: 'changer-mon-mot-de-passe',
    title: 'Changer le mot de passe de mon espace client',
    summary: 'Choisir un nouveau mot de passe, ou en recevoir un lien si vous l’avez oublié.',
    category: 'abonnement',
    body: `## Vous connaissez votre mot de passe actuel
1. Connectez-vous à votre espace client.
2. Ouvrez **Mon compte**, puis **Changer mon mot de passe**.
3. Tapez votre mot de passe actuel, puis le nouveau.

Vos autres appareils connectés seront déconnectés : reconnectez-les avec le nouveau mot de passe.

## Vous l’avez oublié
1. Sur la page de connexion, cliquez **Mot de passe oublié**.
2. Indiquez votre adresse e-mail : vous recevez un lien, valable peu de temps, pour en choisir un nouveau.
3. Rien reçu ? Regardez dans les courriers indésirables, puis réessayez quelques minutes plus tard.

## Un bon mot de passe
Choisissez une phrase facile à retenir pour vous, par exemple trois ou quatre mots sans lien entre eux, plutôt qu’un mot court avec des chiffres. N’utilisez pas le même mot de passe que pour votre messagerie ou votre banque.

Nous ne vous demanderons jamais votre mot de passe, ni par téléphone ni par e-mail.`,
  },
  {
    slug: 'lire-ma-facture',
    title: 'Lire ma facture',
    summary:
      'Ce que veut dire chaque ligne de la facture, où la retrouver et comment vérifier qu’elle est authentique.',
    category: 'abonnement',
    body: `Une facture est établie le jour où votre commande est payée. Vous la recevez par e-mail et la retrouvez à tout moment dans votre espace client, rubrique **Mes factures**.

## Ce qu’elle indique
- **Le numéro de facture** : il se suit sans trou, d’une facture à l’autre.
- **La formule** et **la période** couverte : du premier au dernier jour de votre abonnement.
- **Le prix** payé une seule fois, pour toute la période, et le **mode de paiement**.
- **La mention de TVA** : notre entreprise n’applique pas la TVA, la facture le dit.
- **La clé de vérification** (par exemple RFS-ABC123-2026) et un **QR code**.

## Vérifier qu’une facture est authentique
Scannez le QR code avec votre téléphone, ou tapez la clé sur la page **Vérifier une facture** du site. La page confirme la facture et son montant.

## Un avoir ?
Si une commande payée est annulée ou remboursée, en tout ou partie, vous recevez un **avoir** (numéro commençant par AV-). Il apparaît à côté de la facture qu’il corrige.`,
  },
  {
    slug: 'declarer-un-appareil',
    title: 'Déclarer un appareil',
    summary: 'Ajouter l’ordinateur que nous aidons à dépanner, et pourquoi un justificatif peut être demandé.',
    category: 'abonnement',
    body: `Votre formule couvre un nombre d’appareils (un, deux ou trois selon la formule). Déclarez-les pour que le technicien sache sur quel ordinateur il intervient.

## Ajouter un appareil
1. Dans votre espace client, ouvrez **Mes appareils**.
2. Cliquez **Ajouter un appareil**.
3. Choisissez le **type d’appareil** (PC, Mac…) et indiquez la **marque et le modèle**, par exemple « HP Pavilion 15 » ou « MacBook Air 2020 ».

Quand vous demandez une assistance, vous choisissez ensuite l’appareil concerné.

## Le justificatif d’achat
Il peut vous être demandé une preuve que l’appareil vous appartient : une photo ou un PDF de la facture d’achat, à votre nom. Tant qu’elle n’est pas vérifiée, l’assistance pour cet appareil attend. Le justificatif est effacé après notre vérification.

## Votre formule est complète ?
Retirez un appareil que vous n’utilisez plus, ou choisissez une formule qui en couvre davantage avec **Changer de formule**.`,
  },
  {
    slug: 'payer-en-ligne',
    title: 'Payer en ligne',
    summary: 'Régler une commande par carte bancaire depuis votre espace client, en toute sécurité.',
    category: 'abonnement',
    body: `Quand le paiement en ligne est proposé, une commande en attente affiche le bouton **Payer en ligne** dans votre espace client.

## Comment ça se passe
1. Cliquez **Payer en ligne** à côté de la commande.
2. Vous arrivez sur la page de paiement sécurisée de notre prestataire (Stripe). Vos numéros de carte ne passent jamais par notre site.
3. Tapez votre carte, validez, puis confirmez si votre banque vous le demande (code par SMS ou application bancaire).
4. Vous revenez sur votre espace client : la commande passe à **Payée**, votre facture vous est envoyée par e-mail.

## Le paiement n’a pas abouti ?
Rien n’est prélevé. Vérifiez le plafond de votre carte, ou réessayez un peu plus tard. Le bouton reste disponible tant que la commande est en attente.

## Sans carte bancaire
Le paiement en ligne n’est pas obligatoire : vous pouvez régler comme convenu avec notre équipe. Vous payez une seule fois, d’avance, pour toute la période : pas de prélèvement automatique, pas de renouvellement sans votre accord.`,
  },
];
