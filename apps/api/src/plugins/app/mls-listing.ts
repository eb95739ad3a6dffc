import fp from 'fastify-plugin';
import {
  createMlsListingService,
  type MlsListingService,
} from '../../services/mls-listing/mls-listing.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The MLS listing builder's steps (issue 16; docs/decisions/031-mls-listing-builder.md). */
    mlsListingService: MlsListingService;
  }
}

export default fp(
  async (app) => {
    app.decorate(
      'mlsListingService',
      createMlsListingService({
        properties: app.properties,
        mlsListings: app.mlsListings,
        products: app.products,
        orders: app.orders,
        crm: app.crm,
        siteName: app.config.siteName,
        cardPayments: app.cardPayments !== null,
        checkouts: app.cardPayments,
      }),
    );
  },
  { name: 'mls-listing', dependencies: ['repositories', 'property-data', 'payments', 'crm'] },
);
