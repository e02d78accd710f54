import { useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { PLANS } from '../../../../shared/plans';
import { cn } from '../../../components/ui/cn';
import { useHydrated } from '../../../lib/use-hydrated';
import { CHEVRON_LEFT, CHEVRON_RIGHT, Icon } from './icons';
import { PlanCard } from './plan-card';
import { useSwipe } from './use-swipe';

/** SPEC.md §2: the carousel opens on the fourth plan, Pro, our best seller. */
const START = Math.max(0, PLANS.findIndex((p) => p.id === 'pro'));
const TRACK_ID = 'formules-piste';

/**
 * Centres card i: half the viewport minus the cards before it and half of its own width. A class per position, not a
 * style attribute, which the CSP refuses (server: plugins/csp.ts); written out so Tailwind generates each one.
 */
export const CENTRE = [
  'translate-x-[calc(50%_-_0.5*var(--slide))]', 'translate-x-[calc(50%_-_1.5*var(--slide))]',
  'translate-x-[calc(50%_-_2.5*var(--slide))]', 'translate-x-[calc(50%_-_3.5*var(--slide))]',
  'translate-x-[calc(50%_-_4.5*var(--slide))]', 'translate-x-[calc(50%_-_5.5*var(--slide))]',
  'translate-x-[calc(50%_-_6.5*var(--slide))]', 'translate-x-[calc(50%_-_7.5*var(--slide))]',
];

const arrowButton = 'inline-flex h-12 w-12 shrink-0 items-center justify-center rounded-full border border-slate-300 bg-white text-slate-800 shadow-sm hover:bg-slate-100';

export function PricingCarousel() {
  const [active, setActive] = useState(START);
  const hydrated = useHydrated();
  const count = PLANS.length;
  const show = (i: number) => setActive(((i % count) + count) % count);
  const { handlers, wasSwipe } = useSwipe((dir) => show(active + dir));
  const plan = PLANS[active]!;
  const track = useRef<HTMLDivElement>(null);

  // A click on a neighbour that peeks out selects it. The neighbours are inert, so the click lands on an ancestor
  // (the viewport, as the cards overflow the moved track): find the card under the pointer from the geometry.
  function onViewportClick(e: MouseEvent) {
    if (wasSwipe() || !track.current) return;
    const slides = Array.from(track.current.children);
    const hit = slides.findIndex((el) => {
      const r = el.getBoundingClientRect();
      return e.clientX >= r.left && e.clientX <= r.right;
    });
    if (hit >= 0 && hit !== active) show(hit);
  }

  function onKeyDown(e: KeyboardEvent) {
    if (e.key === 'ArrowLeft') show(active - 1);
    else if (e.key === 'ArrowRight') show(active + 1);
    else return;
    e.preventDefault();
  }

  return (
    <div role="region" aria-roledescription="carrousel" aria-label="Nos formules d’abonnement">
      <div
        // The edges fade out on wider screens, where the far neighbours are cut by the container.
        className="relative touch-pan-y overflow-hidden [--slide:85%] sm:[--slide:22rem] sm:[mask-image:linear-gradient(to_right,transparent,#000_6%,#000_94%,transparent)]"
        {...handlers}
        onClick={onViewportClick}
      >
        <div
          id={TRACK_ID}
          ref={track}
          className={cn('flex py-6 transition-transform duration-300 ease-out motion-reduce:transition-none', CENTRE[active])}
        >
          {PLANS.map((p, i) => (
            <div
              key={p.id}
              role="group"
              aria-roledescription="formule"
              aria-label={`${i + 1} sur ${count} : ${p.name}`}
              className="w-(--slide) shrink-0 px-2 sm:px-3"
              // Only once hydrated: without JavaScript nothing could bring a hidden card back, so all stay readable.
              inert={hydrated && i !== active}
            >
              <PlanCard plan={p} active={i === active} />
            </div>
          ))}
        </div>
      </div>

      {/* On phones the dots take a row of their own, so every control keeps a 44 px target. */}
      <div className="mt-2 flex flex-wrap items-center justify-center gap-x-6 gap-y-2 sm:gap-x-4" onKeyDown={onKeyDown}>
        <button type="button" className={cn(arrowButton, 'order-2 sm:order-1')} aria-controls={TRACK_ID} onClick={() => show(active - 1)}>
          <Icon path={CHEVRON_LEFT} /><span className="sr-only">Plan précédent</span>
        </button>
        <div role="group" aria-label="Choisir la formule affichée" className="order-1 flex w-full justify-center sm:order-2 sm:w-auto">
          {PLANS.map((p, i) => (
            <button
              key={p.id}
              type="button"
              className="group inline-flex h-11 w-11 items-center justify-center"
              aria-label={`Voir le plan ${p.name}`}
              aria-current={i === active ? 'true' : undefined}
              aria-controls={TRACK_ID}
              onClick={() => show(i)}
            >
              <span aria-hidden="true" className={cn(
                'block h-3 rounded-full transition-all motion-reduce:transition-none',
                i === active ? 'w-7 bg-brand-600' : 'w-3 bg-slate-500 group-hover:bg-slate-700',
              )} />
            </button>
          ))}
        </div>
        <button type="button" className={cn(arrowButton, 'order-3')} aria-controls={TRACK_ID} onClick={() => show(active + 1)}>
          <Icon path={CHEVRON_RIGHT} /><span className="sr-only">Plan suivant</span>
        </button>
      </div>
      <p className="sr-only" aria-live="polite" aria-atomic="true">Formule affichée : {plan.name}, {active + 1} sur {count}</p>
    </div>
  );
}
