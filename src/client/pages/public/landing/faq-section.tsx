import { Link } from '#client/lib/router.ts';
import { FAQ_ITEMS } from './faq-data.ts';
import { CHEVRON_DOWN, Icon } from './icons.tsx';
import { LandingSection } from './landing-section.tsx';

/**
 * An exclusive accordion made of `<details name="faq">`: the browser opens one answer and closes the other, so a tap
 * works from the server's HTML, before any script; closed answers stay in the HTML, where crawlers read them.
 */
export function FaqSection() {
  return (
    <LandingSection id="faq" titleId="faq-titre" narrow eyebrow="FAQ" title="Vos questions, nos réponses">
      <div className="mt-10 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm">
        {FAQ_ITEMS.map((item) => (
          <details key={item.id} name="faq" id={`faq-${item.id}`} className="group">
            <summary className="flex min-h-14 cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 text-left hover:bg-slate-50 [&::-webkit-details-marker]:hidden">
              <h3 className="text-lg font-semibold text-slate-900">{item.question}</h3>
              <Icon
                path={CHEVRON_DOWN}
                className="h-5 w-5 shrink-0 text-brand-700 transition-transform group-open:rotate-180 motion-reduce:transition-none"
              />
            </summary>
            <div className="px-5 pb-5 text-slate-700">
              <p>{item.answer}</p>
              {item.link && (
                <Link
                  to={item.link.href}
                  className="mt-3 inline-flex min-h-11 items-center font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
                >
                  {item.link.label}
                </Link>
              )}
            </div>
          </details>
        ))}
      </div>
    </LandingSection>
  );
}
