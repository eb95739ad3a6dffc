import {
  ZFsboBasicsRequestSchema,
  ZFsboContactRequestSchema,
  ZFsboDescribeRequestSchema,
  ZFsboListingResponseSchema,
  ZPropertyQuerySchema,
} from '@lantern/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type {
  FsboListingContext,
  Refusal,
} from '../../../../features/fsbo-listing/fsbo-listing.ts';
import { ERRORS, refused } from '../../../_shared/replies.ts';

/** The listing as the dashboard reads it (opened again after a change). */
export async function listingReply(
  app: FastifyInstance,
  reply: FastifyReply,
  userId: number,
  property: string,
) {
  const service = app.fsboListingService;
  const opened = await service.open(userId, property);
  if (!opened.ok) return refused(reply, opened);
  return { listing: service.view(opened.ctx, await service.publicSlug(opened.ctx)) };
}

/** Open the user's listing, make one change, answer the listing as it is now. */
export async function change(
  app: FastifyInstance,
  reply: FastifyReply,
  userId: number,
  property: string,
  act: (ctx: FsboListingContext) => Promise<{ ok: true } | Refusal>,
) {
  const opened = await app.fsboListingService.open(userId, property);
  if (!opened.ok) return refused(reply, opened);
  const done = await act(opened.ctx);
  if (!done.ok) return refused(reply, done);
  return listingReply(app, reply, userId, property);
}

/**
 * The free FSBO listing (issue 19) under /api/dashboard/fsbo-listing: GET the listing (made on
 * the first read), and PUT basics, contact and describe — each a draft, or `finish` to check it
 * complete and count the step done. Another user's property is a 404; a property not offered the
 * service is a 409 in words; a participant without can_edit reads and gets 403 on a change.
 */
const listingRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.fsboListingService;

  app.get(
    '',
    {
      schema: {
        tags: ['fsbo-listing'],
        summary:
          "The property's FSBO listing: steps done, what each step holds, what publishing needs",
        querystring: ZPropertyQuerySchema,
        response: { 200: ZFsboListingResponseSchema, ...ERRORS },
      },
    },
    async (request, reply) => listingReply(app, reply, request.user.userId, request.query.property),
  );

  app.put(
    '/basics',
    {
      schema: {
        tags: ['fsbo-listing'],
        summary: 'Save the basics: price, type, bedrooms, bathrooms, living area, year built',
        body: ZFsboBasicsRequestSchema,
        response: { 200: ZFsboListingResponseSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const { property, basics, finish } = request.body;
      return change(app, reply, request.user.userId, property, (ctx) =>
        service.saveBasics(ctx, basics, finish),
      );
    },
  );

  app.put(
    '/contact',
    {
      schema: {
        tags: ['fsbo-listing'],
        summary:
          'Save how buyers reach the seller: the name shown, and whether to show email or phone',
        body: ZFsboContactRequestSchema,
        response: { 200: ZFsboListingResponseSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const { property, contact, finish } = request.body;
      return change(app, reply, request.user.userId, property, (ctx) =>
        service.saveContact(ctx, contact, finish),
      );
    },
  );

  app.put(
    '/describe',
    {
      schema: {
        tags: ['fsbo-listing'],
        summary: 'Save the description and features',
        body: ZFsboDescribeRequestSchema,
        response: { 200: ZFsboListingResponseSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const { property, describe, finish } = request.body;
      return change(app, reply, request.user.userId, property, (ctx) =>
        service.saveDescribe(ctx, describe, finish),
      );
    },
  );
};

export default listingRoutes;
