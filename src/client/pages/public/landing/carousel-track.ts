import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent, type RefObject } from 'react';
import { PLANS } from '#shared/plans.ts';

/** docs/specification.md §2: the carousel opens on the fourth plan, Pro, our best seller. */
export const START = Math.max(
  0,
  PLANS.findIndex((p) => p.id === 'pro'),
);
export const TRACK_ID = 'formules-piste';
export const count = PLANS.length;

/** The anchor of each card: dots and arrows link to it, so they scroll the track before any script has run. */
export const slideId = (planId: string) => `formule-${planId}`;
export const slideHref = (i: number) => `#${slideId(PLANS[wrap(i)]!.id)}`;

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

/**
 * Follows which card the track has centred, whoever scrolled it (a finger, a wheel, the browser following a link),
 * and calls `settle` with it. A move asked for by a dot, an arrow or a key is `pending` until the smooth scroll
 * reaches it, so the cards it passes on the way do not light up.
 */
function useCentredCard(
  track: RefObject<HTMLDivElement | null>,
  pending: RefObject<number | null>,
  settle: (i: number) => void,
) {
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
        settle(i);
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
  }, [track, pending, settle]);
}

/**
 * The carousel's state once hydrated: the active card, and the handlers of the links (which then scroll the track
 * only, the page staying where it is), the arrow keys and a click on a neighbouring card.
 */
export function useCarouselTrack() {
  const [active, setActive] = useState(START);
  const track = useRef<HTMLDivElement>(null);
  const pending = useRef<number | null>(null);
  useCentredCard(track, pending, setActive);

  function show(i: number) {
    const target = wrap(i);
    if (!track.current) return;
    pending.current = target;
    setActive(target);
    centre(track.current, target);
  }

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

  return { active, track, go, onKeyDown, onTrackClick };
}
