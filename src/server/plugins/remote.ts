import type { FastifyInstance } from 'fastify';
import { endSharesOfEndedSessions, endSharesOfLostWatchers } from '#server/services/remote/screen-shares.ts';

/**
 * A screen share ends with the client session that opened it, however the session ends (docs/decisions/043), and when
 * the member watching it may no longer (services/remote/screen-shares.ts, endSharesOfLostWatchers): when the
 * database announces ended sessions, and once at start-up for what it announced while this server was down. Notices
 * that come while a pass runs make one more pass, not one each (the retention job ends sessions by the hundred).
 */
export function registerRemote(app: FastifyInstance) {
  let running: Promise<void> | null = null;
  let again = false;
  const failed = (error: unknown) => app.log.warn({ err: error }, 'screen share of an ended session not ended');
  const pass = async () => {
    do {
      again = false;
      try {
        await endSharesOfEndedSessions(app.db, app.clock(), { failed });
        // A member's sessions ending can leave a share without anyone allowed to watch it.
        await endSharesOfLostWatchers(app.db, app.clock(), failed);
      } catch (error) {
        failed(error);
      }
    } while (again);
  };
  const endOrphanShares = () => {
    if (running) {
      again = true;
      return running;
    }
    running = pass().finally(() => (running = null));
    return running;
  };
  app.live.whenSessionsEnd(() => void endOrphanShares());
  app.addHook('onReady', endOrphanShares);
  // A pass under way finishes before the database it writes to closes.
  app.addHook('onClose', async () => running ?? undefined);
}

/**
 * After staff change a member (disabled, no longer an admin) or who handles a request: a share that member watched
 * ends at once. A failure is logged; the next pass on ended sessions, or the next change, tries again.
 */
export async function endSharesWithoutWatcher(app: FastifyInstance) {
  await endSharesOfLostWatchers(app.db, app.clock(), (error) =>
    app.log.warn({ err: error }, 'screen share of a member no longer allowed to watch not ended'),
  );
}
