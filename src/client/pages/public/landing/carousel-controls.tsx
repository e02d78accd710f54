import type { KeyboardEvent, MouseEvent } from 'react';
import { PLANS } from '#shared/plans.ts';
import { cn } from '#client/components/ui/cn.ts';
import { CHEVRON_LEFT, CHEVRON_RIGHT, Icon } from './icons.tsx';
import { slideHref, TRACK_ID } from './carousel-track.ts';

const arrowLink =
  'inline-flex h-12 w-12 shrink-0 items-center justify-center rounded-full border border-slate-300 bg-white text-slate-800 shadow-sm hover:bg-slate-100';

interface Props {
  active: number;
  go: (e: MouseEvent, i: number) => void;
  onKeyDown: (e: KeyboardEvent) => void;
}

/** The arrows and the dots under the track: links to the cards, so they work before the script. */
export function CarouselControls({ active, go, onKeyDown }: Props) {
  return (
    // On phones the dots take a row of their own, so every control keeps a 44 px target.
    <div className="mt-2 flex flex-wrap items-center justify-center gap-x-6 gap-y-2 sm:gap-x-4" onKeyDown={onKeyDown}>
      <a
        href={slideHref(active - 1)}
        className={cn(arrowLink, 'order-2 sm:order-1')}
        aria-controls={TRACK_ID}
        onClick={(e) => go(e, active - 1)}
      >
        <Icon path={CHEVRON_LEFT} />
        <span className="sr-only">Plan précédent</span>
      </a>
      <div
        role="group"
        aria-label="Choisir la formule affichée"
        className="order-1 flex w-full justify-center sm:order-2 sm:w-auto"
      >
        {PLANS.map((p, i) => (
          <a
            key={p.id}
            href={slideHref(i)}
            className="group inline-flex h-11 w-11 items-center justify-center"
            aria-label={`Voir le plan ${p.name}`}
            aria-current={i === active ? 'true' : undefined}
            aria-controls={TRACK_ID}
            onClick={(e) => go(e, i)}
          >
            <span
              aria-hidden="true"
              className={cn(
                'block h-3 rounded-full transition-all motion-reduce:transition-none',
                i === active ? 'w-7 bg-brand-600' : 'w-3 bg-slate-500 group-hover:bg-slate-700',
              )}
            />
          </a>
        ))}
      </div>
      <a
        href={slideHref(active + 1)}
        className={cn(arrowLink, 'order-3')}
        aria-controls={TRACK_ID}
        onClick={(e) => go(e, active + 1)}
      >
        <Icon path={CHEVRON_RIGHT} />
        <span className="sr-only">Plan suivant</span>
      </a>
    </div>
  );
}
