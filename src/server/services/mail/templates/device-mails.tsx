import type { SiteInfo } from '#shared/site.ts';
import { CLIENT_PAGES } from '#shared/clients/client-pages.ts';
import type { MailParams } from '#server/services/mail/mail-params.ts';
import { Action, Facts, MailLayout, Paragraph, Signature, styles } from './layout.tsx';
import { Text } from '@react-email/text';

// The messages of a device's proof of ownership (services/devices/): to the client, and to STAFF_EMAIL.

type Props<K extends keyof MailParams> = { site: SiteInfo; params: MailParams[K] };
const myDevices = (site: SiteInfo) => `${site.publicUrl}${CLIENT_PAGES.devices}`;

export function DeviceProofRequested({ site, params }: Props<'device_proof_requested'>) {
  return (
    <MailLayout
      site={site}
      preview="Un justificatif est demandé pour votre appareil"
      title="Un justificatif est demandé"
    >
      <Paragraph>Bonjour {params.name},</Paragraph>
      <Paragraph>
        Pour continuer à vous dépanner sur l’appareil « {params.device} », nous avons besoin d’une preuve d’achat ou de
        propriété :
      </Paragraph>
      <Text style={styles.quote}>{params.message}</Text>
      <Paragraph>
        Depuis votre téléphone ou votre ordinateur, ouvrez « Mes appareils » et choisissez « Envoyer un justificatif » :
        une photo de la facture suffit. L’assistance pour cet appareil reste en attente tant que le justificatif n’a pas
        été vérifié.
      </Paragraph>
      <Action href={myDevices(site)}>Envoyer mon justificatif</Action>
      <Signature site={site} />
    </MailLayout>
  );
}

export function DeviceVerified({ site, params }: Props<'device_verified'>) {
  return (
    <MailLayout site={site} preview="Votre appareil est vérifié" title="Votre appareil est vérifié">
      <Paragraph>Bonjour {params.name},</Paragraph>
      <Paragraph>
        Merci : l’appareil « {params.device} » est vérifié. Vous pouvez demander de l’aide pour lui à tout moment depuis
        votre espace.
      </Paragraph>
      <Paragraph>Les justificatifs envoyés sont supprimés de nos serveurs dans les 30 jours.</Paragraph>
      <Action href={myDevices(site)}>Ouvrir mon espace</Action>
      <Signature site={site} />
    </MailLayout>
  );
}

export function DeviceRefused({ site, params }: Props<'device_refused'>) {
  return (
    <MailLayout
      site={site}
      preview="Votre appareil n’a pas pu être vérifié"
      title="Votre appareil n’a pas pu être vérifié"
    >
      <Paragraph>Bonjour {params.name},</Paragraph>
      <Paragraph>Nous n’avons pas pu vérifier l’appareil « {params.device} », pour la raison suivante :</Paragraph>
      <Text style={styles.quote}>« {params.reason} »</Text>
      <Paragraph>
        L’assistance pour cet appareil reste bloquée. Vous pouvez envoyer un nouveau justificatif depuis « Mes appareils
        » (une photo ou un PDF de la facture, à votre nom) : nous le vérifierons à nouveau. Une question ? Répondez à ce
        message ou appelez-nous au {site.phone}.
      </Paragraph>
      <Action href={myDevices(site)}>Envoyer un nouveau justificatif</Action>
      <Signature site={site} />
    </MailLayout>
  );
}

export function StaffDeviceProof({ site, params }: Props<'staff_device_proof'>) {
  return (
    <MailLayout site={site} preview={`Justificatif de ${params.clientName}`} title="Un justificatif est à vérifier">
      <Facts
        rows={[
          ['Client', `${params.clientName} <${params.clientEmail}> (n° ${params.clientId})`],
          ['Appareil', `${params.device} (n° ${params.deviceId})`],
          ['Fichier', params.fileName],
        ]}
      />
      <Action href={`${site.publicUrl}/admin?tab=devices`}>Vérifier dans Appareils</Action>
    </MailLayout>
  );
}
