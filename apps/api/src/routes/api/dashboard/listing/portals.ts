import {
  ZListingPortalsSchema,
  ZListingPortalsUpdateSchema,
  ZPropertyQuerySchema,
} from '@lantern/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERRORS, refused } from '../../../_shared/replies.ts';

/**
 * The Portals tab of /dashboard/listing (issue 49; docs/decisions/098), for the listing's
 * owners: GET ?property= lists the live portals by name with whether the listing goes to each;
 * PUT keeps it out of exactly the portals named, from their next fetch. Anyone not on the
 * listing's side gets a 404.
 */
const listingPortalRoutes: FastifyPluginAsyncZod = async (app) => {
  const { service } = app.portalFeeds;

  app.get(
    '/portals',
    {
      schema: {
        tags: ['listing-tools'],
        summary: 'The home-search portals our feed goes to, and whether this listing goes to each',
        querystring: ZPropertyQuerySchema,
        response: { 200: ZListingPortalsSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const opened = await app.ownedListings.open(request.user.userId, request.query.property);
      if (!opened.ok) return refused(reply, opened);
      return service.forListing(opened.ctx.listing);
    },
  );

  app.put(
    '/portals',
    {
      schema: {
        tags: ['listing-tools'],
        summary: 'Keep the listing out of these portals (and send it to every other)',
        body: ZListingPortalsUpdateSchema,
        response: { 200: ZListingPortalsSchema, ...ERRORS },
      },
      config: { audit: { action: 'listing.portals' } },
    },
    async (request, reply) => {
      const opened = await app.ownedListings.open(request.user.userId, request.body.property);
      if (!opened.ok) return refused(reply, opened);
      const { listing } = opened.ctx;
      const before = await service.forListing(listing);
      const done = await service.skip(listing, request.body.skip, request.user.userId);
      if (!done.ok) return refused(reply, done);
      const after = await service.forListing(listing);
      request.audit({ recordType: 'listing', recordId: listing.hash, before, after });
      return after;
    },
  );
};

export default listingPortalRoutes;
