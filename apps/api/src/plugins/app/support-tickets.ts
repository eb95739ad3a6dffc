import fp from 'fastify-plugin';
import { createSupportTicketRepository } from '../../repositories/support-tickets.ts';
import {
  createSupportTicketService,
  type SupportTicketService,
} from '../../services/support/tickets.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Customers' support tickets and staff's queue (issue 23, decision 036). */
    supportTickets: SupportTicketService;
  }
}

export default fp(
  async (app) => {
    const { config } = app;
    app.decorate(
      'supportTickets',
      createSupportTicketService({
        repo: createSupportTicketRepository(app.db),
        mail: (mail) => app.outbox.enqueue(mail),
        brand: {
          siteName: config.siteName,
          supportPhone: config.supportPhone,
          publicUrl: config.publicUrl.origin,
        },
      }),
    );
  },
  { name: 'support-tickets', dependencies: ['repositories', 'public-site'] },
);
