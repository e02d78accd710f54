import type { ReactNode } from 'react';
import { nbsp } from './typography.ts';

type LandingSectionProps = {
  id: string;
  /** the id of its title, which names the section for screen readers */
  titleId: string;
  /** the small label above the title */
  eyebrow: string;
  title: string;
  intro?: string;
  /** a white band; the page's own background otherwise */
  white?: boolean;
  /** a narrower column (a list of questions) than the cards' */
  narrow?: boolean;
  /** another id that links land on, at the very top of the section (`/#pricing` for « Tarifs ») */
  alias?: string;
  children: ReactNode;
};

/** One section of the landing page below the hero: its band, its column, its label, title and introduction. */
export function LandingSection({
  id,
  titleId,
  eyebrow,
  title,
  intro,
  white,
  narrow,
  alias,
  children,
}: LandingSectionProps) {
  return (
    <section id={id} aria-labelledby={titleId} className={white ? 'bg-white py-16 sm:py-20' : 'py-16 sm:py-20'}>
      {alias && <span id={alias} aria-hidden="true" />}
      <div className={`mx-auto ${narrow ? 'max-w-3xl' : 'max-w-6xl'} px-4`}>
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">{eyebrow}</p>
          <h2 id={titleId} className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            {nbsp(title)}
          </h2>
          {intro && <p className="mt-4 text-lg text-slate-700">{nbsp(intro)}</p>}
        </div>
        {children}
      </div>
    </section>
  );
}
