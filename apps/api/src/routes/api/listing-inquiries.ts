import {
  INQUIRY_TEXTS,
  ZErrorResponseSchema,
  ZInquiryAcceptedSchema,
  ZInquiryParamsSchema,
  ZInquiryRequestSchema,
} from '@lantern/contracts';
import { LEAD_HONEYPOT_FIELD } from '@lantern/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LIMITS } from '../../features/auth/throttle/limits.ts';
import { notFound, refused } from '../_shared/replies.ts';

/**
 * "Ask a question" on a listing page (issue 22): no sign-in. Counted per address first
 * (5 an hour), then a filled honeypot is answered as a success and dropped; the question is
 * stored and mailed to the listing's owners through the relay (decision 041).
 */
const listingInquiryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/listings/:hash/inquiries',
    {
      schema: {
        tags: ['listings'],
        summary: "Ask a published listing's seller a question (relayed by mail)",
        params: ZInquiryParamsSchema,
        body: ZInquiryRequestSchema,
        response: {
          202: ZInquiryAcceptedSchema,
          404: ZErrorResponseSchema,
          409: ZErrorResponseSchema,
          422: ZErrorResponseSchema,
          429: ZErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      if (!(await app.throttle.take(reply, LIMITS.listingInquiries, request.ip))) return reply;
      if (request.body[LEAD_HONEYPOT_FIELD]) {
        request.log.warn('listing question: the hidden field was filled; dropped as spam');
        return reply.code(202).send({ message: INQUIRY_TEXTS.sent });
      }
      const listing = await app.listings.published(request.params.hash);
      if (!listing) return notFound(reply);
      const asked = await app.inquiries.ask(listing, request.body);
      if (!asked.ok) return refused(reply, asked);
      return reply.code(202).send({ message: INQUIRY_TEXTS.sent });
    },
  );
};

export default listingInquiryRoutes;
