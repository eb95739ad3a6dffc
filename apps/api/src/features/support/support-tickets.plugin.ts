import { SUPPORT_MESSAGE_MAX } from '@lantern/contracts';
import fp from 'fastify-plugin';
import { mailBrand } from '../mail/brand.ts';
import { createSupportTicketRepository } from './support-tickets.repository.ts';
import { createSupportTicketService, type SupportTicketService } from './tickets.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Customers' support tickets and staff's queue (issue 23, decision 036). */
    supportTickets: SupportTicketService;
  }
}

export default fp(
  async (app) => {
    const { config } = app;
    const service = createSupportTicketService({
      repo: createSupportTicketRepository(app.db),
      mail: (mail) => app.outbox.enqueue(mail),
      brand: mailBrand(config),
      relay: app.mailRelay,
    });
    app.decorate('supportTickets', service);
    // A customer's reply by mail to our answer (decision 041).
    app.mailRelay.handle('ticket', {
      maxLength: SUPPORT_MESSAGE_MAX,
      handle: (reply) => service.mailed(reply),
    });
  },
  { name: 'support-tickets', dependencies: ['repositories', 'public-site', 'mail-relay'] },
);
