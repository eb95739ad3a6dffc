import fp from 'fastify-plugin';
import { mailBrand } from '../mail/brand.ts';
import { type CouponAdminService, createCouponAdminService } from '../orders/coupons/admin.ts';
import { type CardPaymentService, createCardPaymentService } from './card-payments.ts';
import { createPaymentService, type PaymentService } from './payments.ts';
import type { CardProcessor } from './stripe.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Payments, refunds and voids of invoices (issue 17; docs/decisions/020-payments.md). */
    paymentService: PaymentService;
    /** Stripe card payments; null without STRIPE_SECRET_KEY (check and transfer only). */
    cardPayments: CardPaymentService | null;
    cardProcessor: CardProcessor | null;
    /** Staff's coupon rules (the ordering transaction checks redemptions itself). */
    couponAdmin: CouponAdminService;
  }
}

export default fp(
  async (app) => {
    const { config } = app;
    // The stripe package costs some 20 MB of memory: loaded only when card payments are on.
    const processor = config.stripe
      ? (await import('./stripe.ts')).createStripeProcessor(config.stripe)
      : null;
    const paymentService = createPaymentService({
      payments: app.payments,
      invoices: app.invoices,
      outbox: app.outbox,
      realtime: app.realtime,
      brand: mailBrand(config),
      log: app.log,
      processor: processor ?? undefined,
      crm: app.crm,
      webhooks: app.webhooks,
    });
    app.decorate('paymentService', paymentService);
    app.decorate(
      'couponAdmin',
      createCouponAdminService({ coupons: app.coupons, orders: app.orders }),
    );
    app.decorate('cardProcessor', processor);
    app.decorate(
      'cardPayments',
      processor
        ? createCardPaymentService({
            processor,
            payments: app.payments,
            invoices: app.invoices,
            paymentService,
            jobs: app.jobs,
            publicUrl: config.publicUrl.origin,
            log: app.log,
          })
        : null,
    );
  },
  {
    name: 'payments',
    dependencies: ['repositories', 'public-site', 'realtime', 'jobs', 'crm', 'webhooks'],
  },
);
