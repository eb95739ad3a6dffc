import fp from 'fastify-plugin';
import { type CouponAdminService, createCouponAdminService } from '../../services/coupons/admin.ts';
import { mailBrand } from '../../services/mail/brand.ts';
import {
  type CardPaymentService,
  createCardPaymentService,
} from '../../services/payments/card-payments.ts';
import { createPaymentService, type PaymentService } from '../../services/payments/payments.ts';
import type { CardProcessor } from '../../services/payments/stripe.ts';

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
      ? (await import('../../services/payments/stripe.ts')).createStripeProcessor(config.stripe)
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
