import fp from 'fastify-plugin';
import { mailBrand } from '../mail/brand.ts';
import { createSettlementRepository, type SettlementRepository } from './settlement.repository.ts';
import { createSettlementService, type SettlementService } from './settlement.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Settlement transactions and CDAs, each change under its row locks (decision 049). */
    settlementRepo: SettlementRepository;
    /** The settlement vendor's transactions, statements and CDAs; staff's approval. */
    settlement: SettlementService;
  }
}

/** The settlement vendor page (issue 24; docs/decisions/049). */
export default fp(
  async (app) => {
    const repo = createSettlementRepository(app.db);
    app.decorate('settlementRepo', repo);
    app.decorate(
      'settlement',
      createSettlementService({
        repo,
        signing: app.signing,
        documents: app.signingDocuments,
        users: app.users,
        storage: app.storage,
        broker: app.config.siteName,
        mail: (mail) => app.outbox.enqueue(mail),
        brand: mailBrand(app.config),
      }),
    );
  },
  { name: 'settlement', dependencies: ['services', 'signing', 'public-site'] },
);
