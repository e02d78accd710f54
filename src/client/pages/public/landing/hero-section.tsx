import { lazy, Suspense } from 'react';
import { CreateAccountLink } from './create-account-link.tsx';
import { CHECK, HEADSET, Icon } from './icons.tsx';
import { nbsp } from './typography.ts';

// The figures come from the plan catalogue, which travels with the sections below (see landing-sections.tsx).
const HeroFigures = lazy(() => import('./landing-sections.tsx').then((m) => ({ default: m.HeroFigures })));

const PROMISES = [
  'Sans engagement ni reconduction automatique',
  'Ordinateurs Windows et Mac',
  'Vous gardez le contrôle de votre écran',
];

export function HeroSection() {
  return (
    <section id="accueil" aria-labelledby="accueil-titre" className="bg-linear-to-b from-brand-50 to-white">
      <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-12 sm:py-16 lg:grid-cols-[1.2fr_1fr] lg:py-24">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-sm font-medium text-brand-700 ring-1 ring-brand-100">
            <Icon path={HEADSET} className="h-4 w-4" /> Assistance informatique à distance
          </p>
          <h1 id="accueil-titre" className="mt-5 text-3xl font-bold tracking-tight text-slate-900 sm:text-5xl">
            {nbsp('Un souci avec votre ordinateur ?')}{' '}
            <span className="text-brand-700">Un technicien vous aide, sans bouger de chez vous.</span>
          </h1>
          <p className="mt-5 text-lg text-slate-700">
            {nbsp(
              'Virus, lenteurs, imprimante, e-mails, mises à jour : nous réglons le problème à distance, pendant que vous ' +
                'regardez, avec des explications simples. Vous choisissez la durée, vous payez une seule fois.',
            )}
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <a
              href="#tarifs"
              className="inline-flex min-h-12 items-center justify-center rounded-lg bg-brand-600 px-6 text-lg font-semibold text-white shadow-sm hover:bg-brand-700"
            >
              Voir les tarifs
            </a>
            <a
              href="#contact"
              className="inline-flex min-h-12 items-center justify-center rounded-lg border border-slate-300 bg-white px-6 text-lg font-semibold text-slate-900 hover:bg-slate-100"
            >
              Poser une question
            </a>
          </div>
          <p className="mt-3 text-slate-700">
            Pas encore client ?{' '}
            <CreateAccountLink className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800" />
          </p>
          <ul className="mt-5 space-y-2 text-slate-800">
            {PROMISES.map((p) => (
              <li key={p} className="flex items-start gap-2">
                <Icon path={CHECK} className="mt-0.5 h-5 w-5 text-emerald-700" />
                {p}
              </li>
            ))}
          </ul>
        </div>
        <Suspense fallback={null}>
          <HeroFigures />
        </Suspense>
      </div>
    </section>
  );
}
