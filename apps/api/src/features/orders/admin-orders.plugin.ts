import { invoiceNumber } from '@lantern/domain';
import fp from 'fastify-plugin';
import { mailBrand } from '../mail/brand.ts';
import { createAdminOrderRepository } from './admin-orders.repository.ts';
import { type AdminOrderService, createAdminOrderService } from './admin-orders.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Staff's order management: quotes, cancel, complete, notes (issue 21, decision 038). */
    adminOrders: AdminOrderService;
  }
}

export default fp(
  async (app) => {
    const { config } = app;
    app.decorate(
      'adminOrders',
      createAdminOrderService({
        repo: createAdminOrderRepository(app.db),
        payments: app.paymentService,
        // A priced quote's new invoice shows at once on the property's open pages.
        announceInvoice: async (hash) => {
          const invoice = await app.invoices.find(hash);
          if (!invoice) return;
          await app.realtime.publishToProperty(invoice.property, {
            event: 'InvoiceUpdated',
            data: { hash, number: invoiceNumber(invoice.number), status: invoice.status },
          });
        },
        mail: (mail) => app.outbox.enqueue(mail),
        brand: mailBrand(config),
      }),
    );
  },
  { name: 'admin-orders', dependencies: ['repositories', 'payments', 'realtime', 'public-site'] },
);
