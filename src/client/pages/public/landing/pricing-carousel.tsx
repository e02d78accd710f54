import { PLANS } from '#shared/plans.ts';
import { cn } from '#client/components/ui/cn.ts';
import { useHydrated } from '#client/lib/use-hydrated.ts';
import { CarouselControls } from './carousel-controls.tsx';
import { count, slideId, START, TRACK_ID, useCarouselTrack } from './carousel-track.ts';
import { PlanCard } from './plan-card.tsx';

/**
 * A scroll-snap track the finger scrolls natively, with dots and arrows that are links to the cards: all of it works
 * from the server's HTML. Once hydrated, the script follows which card is centred (dots, live region), scrolls the
 * track without moving the page, and adds the arrow keys and a click on a neighbouring card.
 */
export function PricingCarousel() {
  const hydrated = useHydrated();
  const { active, track, go, onKeyDown, onTrackClick } = useCarouselTrack();
  const plan = PLANS[active]!;

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
      <CarouselControls active={active} go={go} onKeyDown={onKeyDown} />
      <p className="sr-only" aria-live="polite" aria-atomic="true">
        Formule affichée : {plan.name}, {active + 1} sur {count}
      </p>
    </div>
  );
}
