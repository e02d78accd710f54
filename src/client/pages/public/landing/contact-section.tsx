import { lazy, memo, Suspense } from 'react';
import { useSite } from '#client/lib/site.tsx';
import { whenNear } from '#client/lib/when-near.ts';
import { CHAT, MAIL, Icon } from './icons.tsx';
import { LandingSection } from './landing-section.tsx';

// react-hook-form weighs as much as the rest of the page below the hero: the form is its own chunk, fetched when the
// visitor gets near the form. The server render waits for it, so the HTML holds the whole form; the browser
// hydrates it when the chunk arrives (its submit button stays disabled until then).
const ContactForm = lazy(() =>
  whenNear('contact')
    .then(() => import('./contact-form.tsx'))
    .then((m) => ({ default: m.ContactForm })),
);

/**
 * Memoised for the same reason as the landing page's sections: a re-render reaching the boundary while its chunk
 * waits for the visitor would make React drop the server's form for the fallback.
 */
const DeferredContactForm = memo(function DeferredContactForm() {
  return (
    <Suspense fallback={<p className="text-slate-700">Chargement du formulaire…</p>}>
      <ContactForm />
    </Suspense>
  );
});

export function ContactSection() {
  const site = useSite();
  return (
    <LandingSection
      id="contact"
      titleId="contact-titre"
      white
      eyebrow="Contact"
      title="Une question ? Écrivez-nous"
      intro="Un conseiller vous répond par e-mail. Nous lisons chaque message avec attention."
    >
      <div className="mt-12 grid gap-8 lg:grid-cols-[1fr_2fr]">
        <div className="space-y-4 text-slate-700">
          <p className="flex items-start gap-3">
            <Icon path={MAIL} className="mt-0.5 text-brand-700" />
            <span>
              <span className="block font-semibold text-slate-900">Par e-mail</span>
              <a
                href={`mailto:${site.email}`}
                className="break-all text-brand-700 underline underline-offset-2 hover:text-brand-800"
              >
                {site.email}
              </a>
            </span>
          </p>
          <p className="flex items-start gap-3">
            <Icon path={CHAT} className="mt-0.5 text-brand-700" />
            <span>Pour une réponse immédiate aux questions courantes, ouvrez le chat en bas à droite de l’écran.</span>
          </p>
        </div>
        <div className="rounded-2xl border border-slate-200 bg-slate-50 p-5 sm:p-8">
          <DeferredContactForm />
        </div>
      </div>
    </LandingSection>
  );
}
