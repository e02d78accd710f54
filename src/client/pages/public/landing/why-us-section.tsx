import { fastestPlan, fastestPlans, joinFr } from './plan-facts.ts';
import { CALENDAR, CLOCK, HEART, LOCK, Icon } from './icons.tsx';
import { LandingSection } from './landing-section.tsx';
import { nbsp } from './typography.ts';

const REASONS: Array<{ icon: string; title: string; text: string }> = [
  {
    icon: HEART,
    title: 'Des explications simples',
    text: 'Pas de jargon : nos techniciens prennent le temps, avec patience, et vous expliquent ce qu’ils font.',
  },
  {
    icon: LOCK,
    title: 'Vous gardez le contrôle',
    text: 'Vous autorisez chaque connexion, vous voyez tout sur votre écran et vous pouvez arrêter à tout moment.',
  },
  {
    icon: CALENDAR,
    title: 'Sans engagement caché',
    text: 'Une durée fixe payée une fois. Jamais de reconduction automatique ni de prélèvement surprise.',
  },
  {
    icon: CLOCK,
    title: 'Une aide rapide',
    text: `Réponse en ${fastestPlan.responseTime} avec les formules ${joinFr(fastestPlans)}, sans rendez-vous ni déplacement.`,
  },
];

const STEPS = [
  { title: 'Choisissez votre formule', text: 'Selon la durée et le nombre d’appareils qui vous conviennent.' },
  {
    title: 'Inscrivez-vous en quelques minutes',
    text: 'Notre équipe valide votre demande et vous envoie vos identifiants par e-mail.',
  },
  {
    title: 'Demandez de l’aide quand vous en avez besoin',
    text: 'Depuis votre espace client : un technicien prend votre demande et intervient à distance, avec votre accord.',
  },
];

export function WhyUsSection() {
  return (
    // docs/specification.md §2 names this section why-choose-us: a link to /#why-choose-us lands here too.
    <LandingSection
      id="pourquoi-nous"
      titleId="pourquoi-titre"
      alias="why-choose-us"
      eyebrow="Pourquoi nous choisir"
      title="Une aide sérieuse, humaine et sans surprise"
    >
      <ul className="mt-12 grid gap-6 sm:grid-cols-2">
        {REASONS.map((r) => (
          <li key={r.title} className="flex gap-4">
            <span className="inline-flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-brand-600 text-white">
              <Icon path={r.icon} />
            </span>
            <div>
              <h3 className="text-lg font-semibold text-slate-900">{r.title}</h3>
              <p className="mt-1 text-slate-700">{nbsp(r.text)}</p>
            </div>
          </li>
        ))}
      </ul>
      <div className="mt-16 rounded-3xl bg-brand-800 px-6 py-10 text-white sm:px-10">
        <h3 className="text-2xl font-bold">{nbsp('Comment ça marche ?')}</h3>
        <ol className="mt-8 grid gap-8 md:grid-cols-3">
          {STEPS.map((s, i) => (
            <li key={s.title} className="flex gap-4">
              <span
                aria-hidden="true"
                className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-white text-lg font-bold text-brand-800"
              >
                {i + 1}
              </span>
              <div>
                <p className="text-lg font-semibold">{s.title}</p>
                <p className="mt-1 text-brand-100">{nbsp(s.text)}</p>
              </div>
            </li>
          ))}
        </ol>
      </div>
    </LandingSection>
  );
}
