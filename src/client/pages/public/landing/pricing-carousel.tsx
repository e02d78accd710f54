import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { PLANS } from '#shared/plans.ts';
import { cn } from '#client/components/ui/cn.ts';
import { useHydrated } from '#client/lib/use-hydrated.ts';
import { CHEVRON_LEFT, CHEVRON_RIGHT, Icon } from './icons.tsx';
import { PlanCard } from './plan-card.tsx';

/** docs/specification.md §2: the carousel opens on the fourth plan, Pro, our best seller. */
const START = Math.max(
  0,
  PLANS.findIndex((p) => p.id === 'pro'),
);
const TRACK_ID = 'formules-piste';
const count = PLANS.length;

/** The anchor of each card: dots and arrows link to it, so they scroll the track before any script has run. */
const slideId = (planId: string) => `formule-${planId}`;
const slideHref = (i: number) => `#${slideId(PLANS[wrap(i)]!.id)}`;

/** Index i brought into 0…count-1: next after the last plan is the first, previous before the first is the last. */
export function wrap(i: number, length = count): number {
  return ((i % length) + length) % length;
}

/** Which of the slides (their left and right edges) has its centre nearest to x. */
export function nearestSlide(x: number, slides: readonly { left: number; right: number }[]): number {
  let best = 0;
  slides.forEach((s, i) => {
    const b = slides[best]!;
    if (Math.abs((s.left + s.right) / 2 - x) < Math.abs((b.left + b.right) / 2 - x)) best = i;
  });
  return best;
}

function centredSlide(track: HTMLElement): number {
  const box = track.getBoundingClientRect();
  return nearestSlide(
    box.left + box.width / 2,
    Array.from(track.children, (el) => el.getBoundingClientRect()),
  );
}

/** Scrolls the track so that card i sits in the middle (smoothly, through the track's CSS, unless motion is reduced). */
function centre(track: HTMLElement, i: number, behavior: ScrollBehavior = 'auto') {
  const slide = track.children[i] as HTMLElement | undefined;
  if (slide) track.scrollTo({ left: slide.offsetLeft + slide.offsetWidth / 2 - track.clientWidth / 2, behavior });
}

const arrowLink =
  'inline-flex h-12 w-12 shrink-0 items-center justify-center rounded-full border border-slate-300 bg-white text-slate-800 shadow-sm hover:bg-slate-100';

/**
 * A scroll-snap track the finger scrolls natively, with dots and arrows that are links to the cards: all of it works
 * from the server's HTML. Once hydrated, the script follows which card is centred (dots, live region), scrolls the
 * track without moving the page, and adds the arrow keys and a click on a neighbouring card.
 */
export function PricingCarousel() {
  const [active, setActive] = useState(START);
  const hydrated = useHydrated();
  const track = useRef<HTMLDivElement>(null);
  // The card a dot, an arrow or a key asked for, until the smooth scroll reaches it: a second press counts from there.
  const pending = useRef<number | null>(null);
  const plan = PLANS[active]!;

  useEffect(() => {
    const el = track.current;
    if (!el) return;
    // Still on the first card: a browser without scroll-initial-target, or one that laid the track out before the
    // Pro card had arrived (the HTML comes in pieces). Bring Pro in, unless the visitor asked for the first card.
    if (el.scrollLeft === 0 && location.hash !== slideHref(0)) centre(el, START, 'instant');
    let frame = 0;
    const follow = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const i = centredSlide(el);
        if (pending.current !== null && pending.current !== i) return;
        pending.current = null;
        setActive(i);
      });
    };
    // A finger or a wheel takes over from a pending move.
    const takeOver = () => {
      pending.current = null;
    };
    follow();
    el.addEventListener('scroll', follow, { passive: true });
    el.addEventListener('pointerdown', takeOver, { passive: true });
    el.addEventListener('wheel', takeOver, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      el.removeEventListener('scroll', follow);
      el.removeEventListener('pointerdown', takeOver);
      el.removeEventListener('wheel', takeOver);
    };
  }, []);

  function show(i: number) {
    const target = wrap(i);
    if (!track.current) return;
    pending.current = target;
    setActive(target);
    centre(track.current, target);
  }

  /** Links scroll the track only (the page stays where it is) once the script runs. */
  function go(e: MouseEvent, i: number) {
    e.preventDefault();
    show(i);
  }

  function onKeyDown(e: KeyboardEvent) {
    if (e.key === 'ArrowLeft') show((pending.current ?? active) - 1);
    else if (e.key === 'ArrowRight') show((pending.current ?? active) + 1);
    else return;
    e.preventDefault();
  }

  // A click on a neighbour that peeks out brings it to the middle; its « Choisir » link keeps doing its own job.
  function onTrackClick(e: MouseEvent) {
    const target = e.target as Element;
    if (target.closest('a')) return;
    const slide = target.closest('[data-slide]');
    const i = slide ? Array.prototype.indexOf.call(track.current?.children ?? [], slide) : -1;
    if (i >= 0 && i !== active) show(i);
  }

  return (
    <div
      role="region"
      aria-roledescription="carrousel"
      aria-label="Nos formules d’abonnement"
      data-enhanced={hydrated ? 'true' : undefined}
    >
      {/* The spacers before and after let the first and last cards reach the middle; the edges fade out on wider screens. */}
      <div
        id={TRACK_ID}
        ref={track}
        onClick={onTrackClick}
        className={cn(
          '@container relative flex snap-x snap-mandatory overflow-x-auto overflow-y-hidden overscroll-x-contain scroll-smooth py-6 motion-reduce:scroll-auto',
          '[scrollbar-width:none] [&::-webkit-scrollbar]:hidden [--slide:85%] sm:[--slide:22rem]',
          'before:w-[calc(50%-var(--slide)/2)] before:shrink-0 after:w-[calc(50%-var(--slide)/2)] after:shrink-0',
          'sm:[mask-image:linear-gradient(to_right,transparent,#000_6%,#000_94%,transparent)]',
        )}
      >
        {PLANS.map((p, i) => (
          <div
            key={p.id}
            data-slide=""
            role="group"
            aria-roledescription="formule"
            aria-label={`${i + 1} sur ${count} : ${p.name}`}
            // Pro is where the track opens, at first paint, without a script (where the browser knows this property).
            className={cn(
              'relative w-(--slide) shrink-0 snap-center snap-always px-2 sm:px-3',
              i === START && '[scroll-initial-target:nearest]',
            )}
          >
            {/* The dots' target: as wide as the track and centred on the card, so that the browser, which scrolls
                a link's target just into view, brings the card to the middle. */}
            <span
              id={slideId(p.id)}
              aria-hidden="true"
              className="pointer-events-none absolute left-[calc(50%-50cqw)] top-0 h-px w-[100cqw]"
            />
            <PlanCard plan={p} active={i === active} />
          </div>
        ))}
      </div>

      {/* On phones the dots take a row of their own, so every control keeps a 44 px target. */}
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
      <p className="sr-only" aria-live="polite" aria-atomic="true">
        Formule affichée : {plan.name}, {active + 1} sur {count}
      </p>
    </div>
  );
}
