import {
  storedSyndication,
  ZFsboListingResponseSchema,
  ZFsboMarketStatusRequestSchema,
  ZFsboPropertyRequestSchema,
  ZFsboPublishRequestSchema,
  ZListingSyndicationRequestSchema,
} from '@lantern/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERRORS } from '../../../_shared/replies.ts';
import { change } from './listing.ts';

/**
 * Publishing and managing the FSBO listing (issue 19): publish (free and at once; also publishes
 * again after unpublishing), unpublish, and the market status (pending, sold with its price and
 * date, back on the market). Each reaches the public pages at once.
 */
const manageRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.fsboListingService;

  app.post(
    '/publish',
    {
      config: { audit: { action: 'fsbo-listing.publish' } },
      schema: {
        tags: ['fsbo-listing'],
        summary:
          'Publish the listing (or publish it again): basics, contact, description, a photo and, the first time, where it may appear beyond our site',
        body: ZFsboPublishRequestSchema,
        response: { 200: ZFsboListingResponseSchema, ...ERRORS },
      },
    },
    async (request, reply) =>
      change(app, reply, request.user.userId, request.body.property, async (ctx) => {
        const done = await service.publish(ctx, request.body.syndication);
        if (done.ok)
          request.audit({
            recordType: 'fsbo_listing',
            recordId: ctx.listing.hash,
            before: { status: ctx.listing.status },
            after: {
              status: 'published',
              syndication: request.body.syndication ?? storedSyndication(ctx.listing.syndication),
            },
          });
        return done;
      }),
  );

  app.put(
    '/syndication',
    {
      config: { audit: { action: 'fsbo-listing.syndication' } },
      schema: {
        tags: ['fsbo-listing'],
        summary:
          'Change where the listing may appear beyond our site (partner sites and portals); a published listing follows at once',
        body: ZListingSyndicationRequestSchema,
        response: { 200: ZFsboListingResponseSchema, ...ERRORS },
      },
    },
    async (request, reply) =>
      change(app, reply, request.user.userId, request.body.property, async (ctx) => {
        const done = await service.saveSyndication(ctx, request.body.syndication);
        if (done.ok)
          request.audit({
            recordType: 'fsbo_listing',
            recordId: ctx.listing.hash,
            before: { syndication: storedSyndication(ctx.listing.syndication) },
            after: { syndication: request.body.syndication },
          });
        return done;
      }),
  );

  app.post(
    '/unpublish',
    {
      schema: {
        tags: ['fsbo-listing'],
        summary: 'Take the listing off the public pages',
        body: ZFsboPropertyRequestSchema,
        response: { 200: ZFsboListingResponseSchema, ...ERRORS },
      },
    },
    async (request, reply) =>
      change(app, reply, request.user.userId, request.body.property, (ctx) =>
        service.unpublish(ctx),
      ),
  );

  app.put(
    '/market-status',
    {
      schema: {
        tags: ['fsbo-listing'],
        summary: 'Mark the published listing pending, sold (price and date) or back on the market',
        body: ZFsboMarketStatusRequestSchema,
        response: { 200: ZFsboListingResponseSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      // The change, the sale it records and its activity entry are one transaction.
      const entry = await request.prepareAudit();
      return change(app, reply, request.user.userId, request.body.property, (ctx) =>
        service.setMarketStatus(ctx, request.body, entry),
      );
    },
  );
};

export default manageRoutes;
