import { isValuationProduct } from '@lantern/contracts';
import fp from 'fastify-plugin';
import { mailBrand } from '../mail/brand.ts';
import { createEstimator } from './estimate.ts';
import { createValuationService, VALUATION_REPORT_JOB, type ValuationService } from './reports.ts';
import { createValuationRepository, type ValuationRepository } from './valuations.repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The home's facts and every valuation report delivered (issue 38). */
    valuations: ValuationRepository;
    /** Free Comps, the Comps Report and the Home Value Report: offered, made, delivered. */
    valuation: ValuationService;
  }
}

export const VALUATION_SWEEP_JOB = 'valuation.sweep';
const SWEEP_MS = 5 * 60_000;

/**
 * The valuation products (issue 38; docs/decisions/063). A paid report's job is queued when its
 * invoice is paid; the sweep queues any a crash lost between the payment and the queue, and
 * any left preparing.
 */
export default fp(
  async (app) => {
    const repo = createValuationRepository(app.db);
    // One job per version of an order's report, ever: the sweep asking again is a no-op, and a
    // job that keeps failing stays one failed job for staff (Admin → Jobs), not a new one a sweep.
    const enqueue = async (orderId: number, version: number) => {
      await app.jobs.enqueue(
        VALUATION_REPORT_JOB,
        { orderId },
        { dedupeKey: `valuation-report:${orderId}:${version}` },
      );
    };
    const service = createValuationService({
      valuations: repo,
      estimator: createEstimator({ sales: app.closedSales }),
      sales: app.closedSales,
      offersAt: (position) => app.salesCoverage.offersAt(position),
      disclaimerFor: (state) => app.valuationDisclaimers.forState(state),
      storage: app.storage,
      outbox: app.outbox,
      brand: mailBrand(app.config),
      refundAll: (invoiceHash, reason) => app.paymentService.refundInFull(invoiceHash, reason),
      alert: (invoiceId, detail) =>
        app.payments.alert(invoiceId, 'undeliverable', detail, 'valuation-report'),
      enqueue,
      log: app.log,
    });
    app.decorate('valuations', repo);
    app.decorate('valuation', service);

    app.jobs.define(VALUATION_REPORT_JOB, {
      handler: async (payload) => service.make((payload as { orderId: number }).orderId),
      maxAttempts: 5,
      describe: (payload) =>
        `Make the valuation report of order #${(payload as { orderId: number }).orderId}`,
    });
    app.jobs.define(VALUATION_SWEEP_JOB, {
      handler: async () => {
        for (const row of await repo.undelivered(50)) await enqueue(row.id, 1);
        for (const row of await repo.stalePreparing(50)) await enqueue(row.orderId, row.version);
      },
      describe: () => 'Queue any valuation report a payment did not start',
    });
    app.jobs.schedule(VALUATION_SWEEP_JOB, SWEEP_MS);
    app.paymentService.onPaid(async (orderIds) => {
      for (const orderId of orderIds) {
        const order = await repo.order(orderId);
        if (!order || !isValuationProduct(order.product) || order.product === 'free-comps')
          continue;
        // Listed as preparing at once: the page polls it until the job has made it.
        await service.prepare(order);
        await enqueue(orderId, 1);
      }
    });
  },
  {
    name: 'valuation',
    dependencies: ['repositories', 'jobs', 'sales', 'payments', 'photos', 'valuation-disclaimers'],
  },
);
