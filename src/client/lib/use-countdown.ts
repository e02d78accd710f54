import { useEffect, useRef, useState } from 'react';

/**
 * Counts down from `seconds` to 0, one tick a second, while `running`; calls `onDone` once at 0.
 * Stopping resets it, so a dialog opened again starts from the top.
 */
export function useCountdown(seconds: number, running: boolean, onDone: () => void): number {
  const [left, setLeft] = useState(seconds);
  // The latest callback, without restarting the interval each render.
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  });

  useEffect(() => {
    if (!running) {
      setLeft(seconds);
      return;
    }
    const id = setInterval(() => setLeft((n) => Math.max(0, n - 1)), 1000);
    return () => clearInterval(id);
  }, [running, seconds]);

  useEffect(() => {
    if (running && left === 0) done.current();
  }, [running, left]);

  return left;
}

/** « 1 seconde », « 15 secondes » */
export function secondsLabel(n: number): string {
  return n > 1 ? `${n} secondes` : `${n} seconde`;
}
