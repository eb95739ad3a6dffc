import fp from 'fastify-plugin';
import { mailBrand } from '../mail/brand.ts';
import { createLockboxRepository, type LockboxRepository } from './lockboxes.repository.ts';
import {
  createLockboxService,
  LOCKBOX_FORFEIT_JOB,
  LOCKBOX_REMINDERS_JOB,
  type LockboxService,
} from './lockboxes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Lockboxes and their rentals, each change under its row locks (issue 21). */
    lockboxRepo: LockboxRepository;
    /** The lockbox inventory, rentals, returns with the deposit refund, reminders and forfeits. */
    lockboxes: LockboxService;
  }
}

const DAY_MS = 24 * 60 * 60_000;

/**
 * Lockboxes (issue 21, "Lockboxes") and their two daily jobs, registered like the MLS listing's
 * expiry jobs: the reminders (7 days before the end date, on it, 7, 14 and 21 days after) and
 * the forfeit of the deposit 30 days past it. Both are safe to run again: a reminder is marked
 * per offset and its mails carry dedupe keys; a forfeit re-checks under the rental's lock.
 */
export default fp(
  async (app) => {
    const { config } = app;
    const repo = createLockboxRepository(app.db);
    const service = createLockboxService({
      repo,
      invoices: app.invoices,
      payments: app.paymentService,
      owners: app.payments,
      jobs: app.jobs,
      crm: app.crm,
      brand: mailBrand(config),
    });
    app.decorate('lockboxRepo', repo);
    app.decorate('lockboxes', service);

    app.jobs.define(LOCKBOX_REMINDERS_JOB, {
      handler: async (_payload, { log }) => {
        const sent = await service.sendReminders();
        if (sent) log.info({ sent }, 'lockbox reminders sent');
      },
      maxAttempts: 5,
      describe: () => 'Remind owners of lockbox rentals around their end date',
    });
    app.jobs.schedule(LOCKBOX_REMINDERS_JOB, DAY_MS);
    app.jobs.define(LOCKBOX_FORFEIT_JOB, {
      handler: async (_payload, { log }) => {
        const forfeited = await service.forfeitOverdue();
        if (forfeited) log.info({ forfeited }, 'lockbox deposits forfeited');
      },
      maxAttempts: 5,
      describe: () => 'Keep the deposit of lockboxes 30 days past their end date',
    });
    app.jobs.schedule(LOCKBOX_FORFEIT_JOB, DAY_MS);
  },
  { name: 'lockboxes', dependencies: ['repositories', 'payments', 'jobs', 'crm'] },
);
