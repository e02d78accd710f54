import { nbsp } from './typography';

type SectionHeadingProps = { id: string; eyebrow: string; title: string; intro?: string };

/** The small label, title and introduction that open each section of the landing page. */
export function SectionHeading({ id, eyebrow, title, intro }: SectionHeadingProps) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">{eyebrow}</p>
      <h2 id={id} className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{nbsp(title)}</h2>
      {intro && <p className="mt-4 text-lg text-slate-700">{nbsp(intro)}</p>}
    </div>
  );
}
