import { useRef, type PointerEvent } from 'react';

/** A horizontal move longer than this (px) is a swipe; shorter ones stay taps or scrolls. */
export const SWIPE_THRESHOLD = 40;

/**
 * Pointer handlers that call onSwipe(1) for a swipe to the left (show the next item) and onSwipe(-1) to the right.
 * The element needs `touch-action: pan-y` so the browser keeps vertical scrolling and hands horizontal moves to us.
 * `wasSwipe()` lets a click handler ignore the click a mouse drag ends with.
 */
export function useSwipe(onSwipe: (direction: 1 | -1) => void) {
  const start = useRef<{ x: number; y: number; id: number } | null>(null);
  const swiped = useRef(false);
  return {
    handlers: {
      onPointerDown(e: PointerEvent) {
        if (e.pointerType === 'mouse' && e.button !== 0) return;
        start.current = { x: e.clientX, y: e.clientY, id: e.pointerId };
        swiped.current = false;
      },
      onPointerUp(e: PointerEvent) {
        const s = start.current;
        start.current = null;
        if (!s || s.id !== e.pointerId) return;
        const dx = e.clientX - s.x;
        const dy = e.clientY - s.y;
        if (Math.abs(dx) < SWIPE_THRESHOLD || Math.abs(dx) <= Math.abs(dy)) return;
        swiped.current = true;
        onSwipe(dx < 0 ? 1 : -1);
      },
      onPointerCancel() {
        start.current = null;
      },
    },
    wasSwipe: () => swiped.current,
  };
}
