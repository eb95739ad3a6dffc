import fp from 'fastify-plugin';
import { mailBrand } from '../mail/brand.ts';
import { type AgreementService, createAgreementService } from './agreement.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The MLS listing's sign step: the agreement every owner signs (issue 18). */
    listingAgreement: AgreementService;
  }
}

export default fp(
  async (app) => {
    const { config } = app;
    app.decorate(
      'listingAgreement',
      createAgreementService({
        listings: app.mlsListingService,
        mlsListings: app.mlsListings,
        photos: app.listingPhotos,
        users: app.users,
        signing: app.signing,
        documents: app.signingDocuments,
        invitations: app.invitations,
        outbox: app.outbox,
        realtime: app.realtime,
        renewals: app.listingManage,
        brand: mailBrand(config),
        licenses: config.brokerageLicenses,
      }),
    );
  },
  {
    name: 'listing-agreement',
    dependencies: ['mls-listing', 'photos', 'signing', 'invitations', 'realtime', 'listing-manage'],
  },
);
