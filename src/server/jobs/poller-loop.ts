import type { FastifyBaseLogger } from 'fastify';
import type { Poller } from './job-queue.ts';

/** how often a poller looks for work when nothing woke it */
const POLL_MS = 1000;

export const errorOutput = (error: unknown) => ({ message: error instanceof Error ? error.message : String(error) });

/** A poller's running loop, and how to cut its wait short. */
export type PollerLoop = { loop: Promise<void>; wake: () => void };

/**
 * A poller's loop: what is due, then a second's wait (cut short by wake()) while the queue is working. A wake during a
 * run makes the loop look again at once: the run may have looked before the new work was there.
 */
export function startPollerLoop(poller: Poller, queue: { working: () => boolean; log: FastifyBaseLogger }): PollerLoop {
  let woken = false;
  let endWait = () => {};
  const wake = () => {
    woken = true;
    endWait();
  };
  const loop = (async () => {
    while (queue.working()) {
      woken = false;
      try {
        await poller.runDue(() => queue.working());
      } catch (error) {
        queue.log.error(
          { poller: poller.name, err: errorOutput(error) },
          'background work failed; next try in a second',
        );
      }
      if (!queue.working() || woken) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, POLL_MS);
        endWait = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      endWait = () => {};
    }
  })();
  return { loop, wake };
}
