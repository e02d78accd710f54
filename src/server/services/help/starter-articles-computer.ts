import type { StarterArticle } from './starter-articles.ts';

// The first articles about the computer itself: written for clients who are not at ease with it, one step at a time.
export const COMPUTER_ARTICLES: StarterArticle[] = [
  {
    slug: 'ordinateur-lent',
    title: 'Mon ordinateur est devenu lent',
    summary: 'Cinq gestes simples pour retrouver un ordinateur plus rapide, sur Windows comme sur Mac.',
    category: 'windows',
    body: `Un ordinateur qui ralentit n’est presque jamais « usé » : le plus souvent, trop de programmes tournent en même temps ou le disque est plein.

## 1. Redémarrez vraiment
Éteindre en fermant le couvercle ne suffit pas. Sur Windows, ouvrez le menu **Démarrer**, cliquez sur le bouton d’alimentation puis **Redémarrer**. Sur Mac, menu **Pomme** puis **Redémarrer**.

## 2. Fermez ce qui ne sert pas
Chaque onglet du navigateur utilise de la mémoire. Fermez ceux dont vous n’avez plus besoin, et quittez les programmes inutilisés.

## 3. Libérez de la place sur le disque
- Windows : **Paramètres** › **Système** › **Stockage**, puis **Fichiers temporaires** › **Supprimer les fichiers**.
- Mac : menu **Pomme** › **Réglages Système** › **Général** › **Stockage**.

Videz aussi la corbeille. Gardez au moins 15 % du disque libre.

## 4. Limitez les programmes au démarrage
Sur Windows, faites un clic droit sur la barre des tâches, **Gestionnaire des tâches**, onglet **Applications de démarrage** : désactivez ce que vous ne reconnaissez pas comme indispensable (jamais votre antivirus).

## 5. Faites les mises à jour
Les mises à jour corrigent souvent des lenteurs. Voir notre article sur Windows Update si elles restent bloquées.

Toujours lent après tout cela ? Demandez une assistance : un technicien regarde avec vous ce qui occupe votre ordinateur.`,
  },
  {
    slug: 'plus-d-internet',
    title: 'Je n’ai plus Internet',
    summary: 'Box, Wi-Fi, câble : les vérifications à faire dans l’ordre pour retrouver la connexion.',
    category: 'internet',
    body: `Avant tout, regardez si le problème vient de l’ordinateur ou de la box : votre téléphone capte-t-il Internet par le Wi-Fi de la maison ?

## Si aucun appareil n’a Internet
1. Regardez les voyants de la box : un voyant rouge ou clignotant signale souvent une panne chez l’opérateur.
2. Débranchez la box de la prise électrique, attendez **30 secondes**, rebranchez-la. Patientez 5 minutes qu’elle redémarre.
3. Toujours rien ? Consultez la page d’incidents de votre opérateur depuis votre téléphone (en 4G) ou appelez son assistance.

## Si seul l’ordinateur n’a pas Internet
1. Vérifiez que le Wi-Fi de l’ordinateur est activé (icône en bas à droite sur Windows, en haut à droite sur Mac) et que le **mode Avion** est coupé.
2. Déconnectez-vous du réseau Wi-Fi puis reconnectez-vous, en retapant la clé Wi-Fi inscrite sous la box.
3. Redémarrez l’ordinateur.

## Par câble
Si votre ordinateur est relié à la box par un câble, vérifiez qu’il est bien enfoncé des deux côtés ; essayez un autre port de la box.

Sans Internet, nous ne pouvons pas prendre la main sur votre ordinateur : appelez-nous, nous vous guidons par téléphone.`,
  },
  {
    slug: 'imprimante-n-imprime-plus',
    title: 'Mon imprimante n’imprime plus',
    summary: 'Les vérifications à faire avant de nous appeler : papier, encre, Wi-Fi et file d’attente.',
    category: 'imprimantes',
    body: `Une imprimante qui n’imprime plus est rarement en panne : le plus souvent, elle attend quelque chose.

## 1. Regardez l’imprimante
- Est-elle allumée, sans message d’erreur sur son écran ?
- Y a-t-il du papier, bien placé dans le bac ?
- Une cartouche est-elle vide ? Un voyant orange clignotant l’indique souvent.

## 2. Vérifiez la liaison
Une imprimante Wi-Fi doit être sur **le même réseau** que l’ordinateur. Après une coupure de courant ou un changement de box, elle peut avoir perdu le réseau : son écran ou son application (HP Smart, Epson, Canon…) permet de la reconnecter.

## 3. Videz la file d’attente
Un document bloqué empêche tous les suivants de sortir.
- Windows : **Paramètres** › **Bluetooth et appareils** › **Imprimantes et scanners**, choisissez l’imprimante, **Ouvrir la file d’attente**, puis annulez tous les documents.
- Mac : **Réglages Système** › **Imprimantes et scanners**, choisissez l’imprimante, **File d’attente**, puis supprimez les travaux.

## 4. Redémarrez les deux
Éteignez l’imprimante et l’ordinateur, rallumez l’imprimante d’abord, puis l’ordinateur.

Toujours rien ? Demandez une assistance en précisant la marque et le modèle de l’imprimante : nous réinstallons son pilote à distance.`,
  },
  {
    slug: 'e-mail-suspect',
    title: 'J’ai reçu un e-mail suspect',
    summary: 'Reconnaître un message frauduleux (hameçonnage) et que faire si vous avez déjà cliqué.',
    category: 'securite',
    body: `Des escrocs imitent les e-mails de banques, des impôts, de La Poste ou de l’Assurance maladie pour voler vos mots de passe ou votre carte bancaire.

## Les signes qui doivent alerter
- On vous presse : « votre compte sera fermé sous 24 heures », « colis en attente ».
- On vous demande un mot de passe, un code reçu par SMS ou un numéro de carte.
- L’adresse de l’expéditeur ne correspond pas à l’organisme (regardez après le @).
- Le lien, quand vous passez la souris dessus sans cliquer, mène vers un site inconnu.

**Aucun organisme sérieux ne vous demande votre mot de passe par e-mail.** Nous non plus : nos techniciens ne vous le demanderont jamais.

## Que faire du message
Ne cliquez sur rien, n’ouvrez pas les pièces jointes, supprimez-le. Vous pouvez le signaler sur **signal-spam.fr**, et un SMS frauduleux au **33700**.

## Si vous avez déjà cliqué ou répondu
1. Changez tout de suite le mot de passe du compte concerné, et celui de votre messagerie.
2. Si vous avez donné votre carte bancaire, appelez votre banque pour la faire opposer.
3. Demandez une assistance : nous vérifions votre ordinateur avec vous.`,
  },
  {
    slug: 'windows-update-bloque',
    title: 'Windows Update reste bloqué',
    summary: 'Une mise à jour qui n’avance plus ou qui échoue : patienter, redémarrer, relancer la vérification.',
    category: 'windows',
    body: `Les mises à jour de Windows sont parfois longues, surtout les grandes mises à jour de l’automne.

## Si l’écran affiche « Ne pas éteindre votre ordinateur »
Laissez-le travailler, branché sur le secteur, **au moins une heure**. Éteindre pendant l’installation peut abîmer Windows. Si le pourcentage n’a pas bougé depuis plus de trois heures, maintenez le bouton d’alimentation enfoncé dix secondes, puis rallumez : Windows reprend ou annule la mise à jour de lui-même.

## Si la mise à jour échoue dans Paramètres
1. Redémarrez l’ordinateur, puis **Paramètres** › **Windows Update** › **Rechercher des mises à jour**.
2. Vérifiez la place libre sur le disque : il faut souvent 20 Go libres pour une grande mise à jour.
3. Lancez l’utilitaire de résolution : **Paramètres** › **Système** › **Résolution des problèmes** › **Autres utilitaires** › **Windows Update** › **Exécuter**.

## Notez le code d’erreur
Un message du type **0x80070002** nous aide à trouver la cause. Indiquez-le dans votre demande d’assistance.`,
  },
  {
    slug: 'mac-ne-demarre-plus',
    title: 'Mon Mac ne démarre plus',
    summary: 'Écran noir, pomme qui reste affichée, point d’interrogation : que faire selon ce que vous voyez.',
    category: 'mac',
    body: `Pas de panique : la plupart des Mac qui « ne démarrent plus » repartent après quelques vérifications.

## L’écran reste noir
1. Vérifiez le chargeur : branchez-le, attendez dix minutes (une batterie vide peut mettre du temps à réagir).
2. Maintenez le bouton d’alimentation enfoncé **dix secondes**, relâchez, puis appuyez une fois normalement.
3. Sur un iMac ou un Mac mini, débranchez le câble d’alimentation quinze secondes.

## La pomme ou la barre de progression reste affichée
Laissez-lui vingt minutes : une mise à jour peut être en cours. Sinon, démarrez en **mode sans échec** :
- Mac avec puce Apple : éteignez, maintenez le bouton d’alimentation jusqu’à voir « Chargement des options », choisissez le disque, puis maintenez **Maj** et cliquez **Continuer en mode sans échec**.
- Mac avec processeur Intel : allumez en maintenant **Maj** jusqu’à la fenêtre de connexion.

Redémarrez ensuite normalement.

## Un dossier avec un point d’interrogation
Le Mac ne trouve plus son système. Ne tentez pas de réinstaller seul : vos fichiers pourraient être effacés. Demandez une assistance depuis un autre appareil, nous vous guidons pas à pas.`,
  },
];
