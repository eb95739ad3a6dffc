import fp from 'fastify-plugin';
import { createMlsReplicationRepository } from './mls-replication.repository.ts';
import {
  createMlsReplication,
  MLS_REPLICATION_JOB,
  type MlsReplication,
} from './mls-replication.ts';
import { createResoClient } from './reso-client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Replication of the configured MLS into the closed sales store; null when off. */
    mlsReplication: MlsReplication | null;
  }
}

/**
 * MLS replication (issue 49; docs/decisions/097-mls-replication.md): on only when every
 * MLS_RESO_* setting is given. Then the `mls.replication` job runs every
 * MLS_RESO_INTERVAL_MINUTES; a run that used its time budget queues the next one at once.
 */
export default fp(
  async (app) => {
    const config = app.config.mlsReplication;
    if (!config) {
      app.decorate('mlsReplication', null);
      return;
    }
    const replication = createMlsReplication({
      config,
      repo: createMlsReplicationRepository(app.db, app.closedSales),
      client: createResoClient(config),
    });
    app.decorate('mlsReplication', replication);
    app.jobs.define(MLS_REPLICATION_JOB, {
      handler: async (_payload, { log }) => {
        const outcome = await replication.run('job');
        if (outcome.status === 'failed')
          log.warn({ source: config.source, ...outcome }, 'MLS replication stopped');
        else log.info({ source: config.source, ...outcome }, 'MLS replication ran');
        if (outcome.status === 'paused') await app.jobs.enqueue(MLS_REPLICATION_JOB, {});
      },
      // A failed run is recorded on its row and the next scheduled run resumes it.
      maxAttempts: 1,
      describe: () => `Replicate closed sales from the MLS "${config.name}"`,
    });
    app.jobs.schedule(MLS_REPLICATION_JOB, config.intervalMs);
  },
  { name: 'mls-replication', dependencies: ['services', 'jobs', 'sales'] },
);
