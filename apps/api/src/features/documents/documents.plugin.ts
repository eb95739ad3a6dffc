import fp from 'fastify-plugin';
import { mailBrand } from '../mail/brand.ts';
import { createDocumentService, type DocumentService } from './documents.ts';
import { createPropertyDocumentRepository } from './property-documents.repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Property documents: checklists, uploads, files and staff's review (issue 23). */
    documents: DocumentService;
  }
}

export default fp(
  async (app) => {
    const { config } = app;
    app.decorate(
      'documents',
      createDocumentService({
        repo: createPropertyDocumentRepository(app.db),
        storage: app.storage,
        mail: (mail) => app.outbox.enqueue(mail),
        brand: mailBrand(config),
      }),
    );
  },
  { name: 'documents', dependencies: ['repositories', 'public-site', 'photos'] },
);
