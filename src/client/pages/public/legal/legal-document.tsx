import type { ReactNode } from 'react';
import { PublicLayout } from '#client/components/layout/public-layout.tsx';

export type LegalSection = { id: string; title: string; body: ReactNode };

/** The date a legal text shows unless it gives its own (the CGV give their version's). */
const LEGAL_UPDATED = { iso: '2025-01-17', label: '17 janvier 2025' };

// Long-form text styles for the section bodies (no typography plugin: a few rules are enough).
const prose = [
  'text-slate-800 leading-relaxed',
  '[&_p]:mt-3 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:space-y-1.5 [&_ul]:pl-6 [&_ol]:mt-3 [&_ol]:list-decimal [&_ol]:pl-6',
  '[&_h3]:mt-5 [&_h3]:font-semibold [&_h3]:text-slate-900',
  '[&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_strong]:font-semibold [&_strong]:text-slate-900',
].join(' ');

/** A legal text: title, date, numbered table of contents with anchors, one h2 per section. */
export function LegalDocument({
  title,
  intro,
  sections,
  updated = LEGAL_UPDATED,
  after,
}: {
  title: string;
  intro: ReactNode;
  sections: LegalSection[];
  updated?: { iso: string; label: string };
  /** what follows the sections (the CGV's past versions) */
  after?: ReactNode;
}) {
  return (
    <PublicLayout>
      <article className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
        <header>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
          <p className="mt-3 text-sm text-slate-600">
            Dernière mise à jour : <time dateTime={updated.iso}>{updated.label}</time>
          </p>
          <div className={`mt-6 ${prose}`}>{intro}</div>
        </header>

        <nav
          aria-labelledby="sommaire-titre"
          className="mt-8 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
        >
          <h2 id="sommaire-titre" className="text-lg font-semibold text-slate-900">
            Sommaire
          </h2>
          <ol className="mt-3 grid list-decimal gap-x-8 gap-y-1.5 pl-6 text-brand-700 sm:grid-cols-2">
            {sections.map((s) => (
              <li key={s.id}>
                <a href={`#${s.id}`} className="hover:underline">
                  {s.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        {sections.map((s, i) => (
          <section key={s.id} id={s.id} aria-labelledby={`${s.id}-titre`} className="mt-10 scroll-mt-6">
            <h2 id={`${s.id}-titre`} className="text-xl font-semibold text-slate-900 sm:text-2xl">
              {i + 1}. {s.title}
            </h2>
            <div className={prose}>{s.body}</div>
          </section>
        ))}
        {after}

        <p className="mt-12 border-t border-slate-200 pt-6 text-sm">
          <a href="#contenu" className="font-medium text-brand-700 hover:underline">
            Revenir en haut de la page
          </a>
        </p>
      </article>
    </PublicLayout>
  );
}
