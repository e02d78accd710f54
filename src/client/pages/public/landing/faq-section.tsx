import { useState } from 'react';
import { Link } from 'react-router';
import { cn } from '../../../components/ui/cn';
import { FAQ_ITEMS } from './faq-data';
import { CHEVRON_DOWN, Icon } from './icons';
import { SectionHeading } from './section-heading';

/** An accordion with one answer open at a time; closed answers stay in the HTML (hidden), so crawlers read them. */
export function FaqSection() {
  const [openId, setOpenId] = useState<string | null>(null);
  return (
    <section id="faq" aria-labelledby="faq-titre" className="py-16 sm:py-20">
      <div className="mx-auto max-w-3xl px-4">
        <SectionHeading id="faq-titre" eyebrow="FAQ" title="Vos questions, nos réponses" />
        <div className="mt-10 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm">
          {FAQ_ITEMS.map((item) => {
            const open = openId === item.id;
            return (
              <div key={item.id}>
                <h3>
                  <button
                    type="button"
                    id={`faq-q-${item.id}`}
                    aria-expanded={open}
                    aria-controls={`faq-r-${item.id}`}
                    onClick={() => setOpenId(open ? null : item.id)}
                    className="flex min-h-14 w-full items-center justify-between gap-4 px-5 py-4 text-left text-lg font-semibold text-slate-900 hover:bg-slate-50"
                  >
                    {item.question}
                    <Icon path={CHEVRON_DOWN} className={cn('h-5 w-5 text-brand-700 transition-transform motion-reduce:transition-none', open && 'rotate-180')} />
                  </button>
                </h3>
                <div id={`faq-r-${item.id}`} hidden={!open} className="px-5 pb-5 text-slate-700">
                  <p>{item.answer}</p>
                  {item.link && (
                    <Link to={item.link.href} className="mt-3 inline-flex min-h-11 items-center font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800">
                      {item.link.label}
                    </Link>
                  )}
                </div>
              </div>
            );
          })}
        </div>
      </div>
    </section>
  );
}
