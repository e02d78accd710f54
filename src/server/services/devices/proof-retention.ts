import type { Db } from '#server/db/client.ts';
import type { JobQueue, QueueDefinition } from '#server/jobs/job-queue.ts';
import { purgeDeviceProofs } from './proofs.ts';

const PROOF_RETENTION_QUEUE = 'device-proof-retention';
/** every night at 3:45, Paris time, after the outbox's purge */
const PROOF_RETENTION_CRON = '45 3 * * *';

export function proofRetentionDefinition(deps: { db: Db; clock: () => Date }): QueueDefinition<object> {
  return {
    name: PROOF_RETENTION_QUEUE,
    options: { policy: 'singleton', retryLimit: 3, retryDelay: 600 },
    handler: async () => {
      await purgeDeviceProofs(deps.db, deps.clock());
    },
  };
}

export async function scheduleProofRetention(jobs: JobQueue): Promise<void> {
  await jobs.schedule(PROOF_RETENTION_QUEUE, PROOF_RETENTION_CRON, { tz: 'Europe/Paris', missed: 'once' });
}
