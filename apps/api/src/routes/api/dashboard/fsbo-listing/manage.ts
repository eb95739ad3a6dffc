import {
  ZFsboListingResponseSchema,
  ZFsboMarketStatusRequestSchema,
  ZFsboPropertyRequestSchema,
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
      schema: {
        tags: ['fsbo-listing'],
        summary:
          'Publish the listing (or publish it again): basics, contact, description and a photo needed',
        body: ZFsboPropertyRequestSchema,
        response: { 200: ZFsboListingResponseSchema, ...ERRORS },
      },
    },
    async (request, reply) =>
      change(app, reply, request.user.userId, request.body.property, (ctx) => service.publish(ctx)),
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
