import fp from 'fastify-plugin';
import { mailBrand } from '../mail/brand.ts';
import { createTransactionAccessRepository } from './transaction-access.repository.ts';
import {
  createTransactionAccessService,
  type TransactionAccessService,
} from './transaction-access.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Transaction access (issue 24): requests from listing pages, confirmed by mail, answered by
     * the owners; the shared view by a capability link, checked and logged on every request.
     */
    transactionAccess: TransactionAccessService;
  }
}

/** docs/decisions/047-transaction-access.md */
export default fp(
  async (app) => {
    app.decorate(
      'transactionAccess',
      createTransactionAccessService({
        repo: createTransactionAccessRepository(app.db),
        jobs: app.jobs,
        brand: mailBrand(app.config),
        secret: app.config.sessionSecret,
        fileOf: (hash) => app.documents.fileOf(hash),
        log: app.log,
      }),
    );
  },
  {
    name: 'transaction-access',
    dependencies: ['repositories', 'jobs', 'public-site', 'documents'],
  },
);
