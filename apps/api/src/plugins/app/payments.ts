import fp from 'fastify-plugin';
import { createPaymentService, type PaymentService } from '../../services/payments/payments.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Payments, refunds and voids of invoices (issue 17; docs/decisions/020-payments.md). */
    paymentService: PaymentService;
  }
}

export default fp(
  async (app) => {
    const { config } = app;
    app.decorate(
      'paymentService',
      createPaymentService({
        payments: app.payments,
        invoices: app.invoices,
        outbox: app.outbox,
        realtime: app.realtime,
        brand: {
          siteName: config.siteName,
          supportPhone: config.supportPhone,
          publicUrl: config.publicUrl.origin,
        },
        log: app.log,
      }),
    );
  },
  { name: 'payments', dependencies: ['repositories', 'public-site', 'realtime'] },
);
