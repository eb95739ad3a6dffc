import fp from 'fastify-plugin';
import { createSigningService, type SigningService } from './signing.ts';
import {
  createSigningDocumentRepository,
  type SigningDocumentRepository,
} from './signing-documents.repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Signing documents, their signers and listing versions (app.signing is the service). */
    signingDocuments: SigningDocumentRepository;
    /** The one signing service (issue 18; docs/decisions/032-mls-listing-sign-review-manage.md). */
    signing: SigningService;
  }
}

export default fp(
  async (app) => {
    const repo = createSigningDocumentRepository(app.db);
    app.decorate('signingDocuments', repo);
    app.decorate(
      'signing',
      createSigningService({
        repo,
        storage: app.storage,
        producer: app.config.siteName,
        hashNote: `${app.config.siteName} recorded the SHA-256 of this signed copy when the last signer signed. It is shown beside the download on the listing's Sign page and in the listing's history; a copy whose SHA-256 differs is not the one signed.`,
      }),
    );
  },
  { name: 'signing', dependencies: ['services', 'photos'] },
);
