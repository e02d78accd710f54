import type { FastifyInstance } from 'fastify';
import { siteInfo } from '#server/config.ts';
import { openJobQueue, type JobQueue } from '#server/jobs/job-queue.ts';
import { preparedStatements } from '#server/jobs/prepared-statements.ts';
import { mailDelivery } from '#server/services/mail/delivery.ts';
import { documentMails } from '#server/services/billing/document-mails.ts';
import { contractMails } from '#server/services/orders/cgv-pdf.ts';
import { createMailQueue, type MailQueue } from '#server/services/mail/outbox.ts';
import { loadSecretKey, secretBox } from '#server/services/mail/secret-box.ts';
import { outboxRetentionDefinition, scheduleOutboxRetention } from '#server/services/mail/retention.ts';
import { proofRetentionDefinition, scheduleProofRetention } from '#server/services/devices/proof-retention.ts';
import { privacyRetentionDefinition, schedulePrivacyRetention } from '#server/services/privacy/retention.ts';
import {
  renewalReminderDefinition,
  scheduleRenewalReminders,
} from '#server/services/subscriptions/renewal-reminders.ts';
import { passwordResets } from '#server/services/clients/password-reset.ts';
import { openSessionsDefinition, scheduleOpenSessionsCheck } from '#server/services/payments/open-sessions.ts';
import { paymentProvider } from '#server/services/payments/provider.ts';
import { responseAlertsDefinition, scheduleResponseAlerts } from '#server/services/interventions/response-alerts.ts';
import { scheduleSilentShares, silentSharesDefinition } from '#server/services/remote/silent-shares.ts';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobQueue;
    /** every e-mail is queued through it, in the transaction of the change that causes it */
    mail: MailQueue;
    /** now, as the reminders see it (tests move it) */
    clock: () => Date;
    /** « Mot de passe oublié »: queues the request, handled after the answer (services/clients/password-reset.ts) */
    passwordResets: { ask(login: string): Promise<void> };
  }
}

export type JobsOptions = {
  /** workers and the daily cron run in a server; tests and the benchmark leave them off and call app.jobs.drain() */
  workers: boolean;
  clock: () => Date;
};

/** The job queue, the mail workers on it, the renewal reminders and the nightly purges of the retention table; stopped (workers finishing their message) on close. */
export async function registerJobs(app: FastifyInstance, options: JobsOptions) {
  const { config } = app;
  const jobs = await openJobQueue(app.database, { log: app.log, supervise: options.workers });
  const box = secretBox(await loadSecretKey(config));
  const site = siteInfo(config);
  const mail = createMailQueue({
    jobs,
    prepared: preparedStatements(app.database),
    box,
    site,
    staffEmail: config.STAFF_EMAIL,
  });
  app.decorate('jobs', jobs);
  app.decorate('mail', mail);
  app.decorate('clock', options.clock);
  const resets = passwordResets({ db: app.db, jobs, mail, box });
  app.decorate('passwordResets', { ask: resets.ask });

  jobs.poll(
    mailDelivery({
      db: app.db,
      mailer: app.mailer,
      box,
      config,
      site,
      log: app.log,
      documents: { ...documentMails({ db: app.db, config }), ...contractMails({ site }) },
    }),
  );
  await jobs.define(renewalReminderDefinition({ db: app.db, mail, clock: options.clock }));
  await jobs.define(outboxRetentionDefinition({ db: app.db, clock: options.clock }));
  await jobs.define(proofRetentionDefinition({ db: app.db, clock: options.clock }));
  await jobs.define(privacyRetentionDefinition({ db: app.db, clock: options.clock }));
  await jobs.define(resets.definition);
  // Online payment (when configured): sessions left open an hour are asked about, in case a webhook was lost.
  const provider = await paymentProvider(config);
  if (provider)
    await jobs.define(
      openSessionsDefinition({
        db: app.db,
        provider,
        orders: { config, mail, clock: options.clock },
        log: app.log,
        clock: options.clock,
      }),
    );
  await jobs.define(
    responseAlertsDefinition({
      db: app.db,
      mail,
      clock: options.clock,
      staffEmail: config.STAFF_EMAIL,
      warnPercent: config.RESPONSE_WARNING_PERCENT,
      escalatePercent: config.RESPONSE_ESCALATION_PERCENT,
    }),
  );
  await jobs.define(silentSharesDefinition({ db: app.db, clock: options.clock, log: app.log }));
  if (options.workers) {
    await scheduleRenewalReminders(jobs);
    await scheduleOutboxRetention(jobs);
    await scheduleProofRetention(jobs);
    await schedulePrivacyRetention(jobs);
    if (provider) await scheduleOpenSessionsCheck(jobs);
    await scheduleResponseAlerts(jobs);
    await scheduleSilentShares(jobs);
    await jobs.startWorkers();
  }
}
