import { DRIVE, GAUGE, LAPTOP, MONITOR, SHIELD, WIFI, Icon } from './icons.tsx';
import { LandingSection } from './landing-section.tsx';
import { nbsp } from './typography.ts';

const SERVICES: Array<{ icon: string; title: string; text: string }> = [
  {
    icon: MONITOR,
    title: 'Ordinateurs Windows',
    text: 'Mises à jour, messages d’erreur, logiciels qui ne s’ouvrent plus, réglages de Windows 10 et 11.',
  },
  {
    icon: LAPTOP,
    title: 'Mac et MacBook',
    text: 'iMac, MacBook Air et Pro : réglages de macOS, applications, iCloud, mises à jour.',
  },
  {
    icon: SHIELD,
    title: 'Sécurité et virus',
    text: 'Recherche et suppression des virus, antivirus bien réglé, aide pour repérer les arnaques et faux messages.',
  },
  {
    icon: GAUGE,
    title: 'Lenteurs et optimisation',
    text: 'Un ordinateur qui rame ? Nous faisons le ménage, allégeons le démarrage et libérons de la place.',
  },
  {
    icon: WIFI,
    title: 'Imprimantes et internet',
    text: 'Installation d’une imprimante ou d’un scanner, connexion au Wi-Fi, réglage de votre messagerie e-mail.',
  },
  {
    icon: DRIVE,
    title: 'Sauvegarde des données',
    text: 'Vos photos et documents à l’abri : sauvegarde automatique, transfert vers un nouvel ordinateur.',
  },
];

export function ServicesSection() {
  return (
    <LandingSection
      id="services"
      titleId="services-titre"
      white
      eyebrow="Nos services"
      title="Nous vous aidons pour tous les soucis du quotidien"
      intro="Un technicien se connecte à votre ordinateur, avec votre accord, et règle le problème en vous expliquant chaque étape."
    >
      <ul className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {SERVICES.map((s) => (
          <li key={s.title} className="rounded-2xl border border-slate-200 bg-slate-50 p-6">
            <span className="inline-flex h-12 w-12 items-center justify-center rounded-xl bg-brand-100 text-brand-700">
              <Icon path={s.icon} />
            </span>
            <h3 className="mt-4 text-lg font-semibold text-slate-900">{s.title}</h3>
            <p className="mt-2 text-slate-700">{nbsp(s.text)}</p>
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}
