import fp from 'fastify-plugin';
import {
  createOwnedListings,
  type OwnedListings,
} from '../../services/listing-tools/owned-listing.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Opens a property's public listing for its owners: the start of every issue-22 tool. */
    ownedListings: OwnedListings;
  }
}

export default fp(
  async (app) => {
    app.decorate(
      'ownedListings',
      createOwnedListings({ properties: app.properties, listings: app.listings }),
    );
  },
  { name: 'listing-tools', dependencies: ['repositories', 'property-data'] },
);
