import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * Test-only (TEST_FIXTURES=true, refused in production): a job that failed for good, so the
 * browser tests can see it on the Background jobs page and retry it. It is a real `jobs.cleanup`
 * job: the retry runs the real clean-up.
 */
const adminTestFixtures: FastifyPluginAsyncZod = async (app) => {
  if (!app.config.testFixtures) return;
  app.post(
    '/test-fixtures/failed-job',
    {
      config: { access: { staff: ['jobs.view'] } },
      schema: { hide: true, response: { 200: z.object({ id: z.number().int() }) } },
    },
    async () => {
      const job = await app.jobStore.enqueue(
        'jobs.cleanup',
        {},
        { maxAttempts: 1, delayMs: 3_600_000 },
      );
      if (!job) throw new Error('fixture job insert returned nothing');
      await app.jobStore.attemptFailed(job.id, 1, 'Simulated outage (test fixture)', null);
      return { id: job.id };
    },
  );
};

export default adminTestFixtures;
