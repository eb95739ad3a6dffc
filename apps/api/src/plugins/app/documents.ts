import fp from 'fastify-plugin';
import { createPropertyDocumentRepository } from '../../repositories/property-documents.ts';
import { createDocumentService, type DocumentService } from '../../services/documents/documents.ts';
import { mailBrand } from '../../services/mail/brand.ts';

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
