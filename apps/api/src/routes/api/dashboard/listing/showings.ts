import {
  ZOwnerShowingResponseSchema,
  ZOwnerShowingsResponseSchema,
  ZPropertyQuerySchema,
  ZShowingParamsSchema,
  ZShowingRespondSchema,
} from '@lantern/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERRORS, refused } from '../../../_shared/replies.ts';

/**
 * The Showings tab of /dashboard/listing (issue 22): the listing's showing requests and the
 * seller's answers. Each route opens the property's listing for its owners first; anyone else,
 * and another listing's request, gets a 404.
 */
const showingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/showings',
    {
      schema: {
        tags: ['listing-tools'],
        summary: "The listing's showing requests, newest first, with their history",
        querystring: ZPropertyQuerySchema,
        response: { 200: ZOwnerShowingsResponseSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const opened = await app.ownedListings.open(request.user.userId, request.query.property);
      if (!opened.ok) return refused(reply, opened);
      return app.showings.forOwner(opened.ctx);
    },
  );

  app.post(
    '/showings/:showing/respond',
    {
      schema: {
        tags: ['listing-tools'],
        summary: 'Confirm a showing request, propose another time, decline it or cancel it',
        params: ZShowingParamsSchema,
        body: ZShowingRespondSchema,
        response: { 200: ZOwnerShowingResponseSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const { property, action, date, time } = request.body;
      const opened = await app.ownedListings.open(request.user.userId, property);
      if (!opened.ok) return refused(reply, opened);
      const done = await app.showings.respondAsOwner(opened.ctx, request.params.showing, action, {
        date,
        time,
      });
      if (!done.ok) {
        return reply
          .code(done.status)
          .send({ message: done.message, ...(done.errors ? { errors: done.errors } : {}) });
      }
      request.audit({
        recordType: 'showing_request',
        recordId: request.params.showing,
        after: { action, status: done.value.showing.status },
      });
      return done.value;
    },
  );
};

export default showingRoutes;
