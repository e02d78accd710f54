import type { FastifyInstance } from 'fastify';
import { endSharesOfEndedSessions } from '#server/services/remote/screen-shares.ts';

/**
 * A screen share ends with the client session that opened it, however the session ends (docs/decisions/043): when the
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
