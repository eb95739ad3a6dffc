import { ZMlsListingPaymentResponseSchema, ZMlsListingQuerySchema } from '@lantern/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERRORS, refused } from '../../../_shared/replies.ts';

/**
 * GET /api/dashboard/mls-listing/payment: the listing's invoice and its status (paying is the
 * invoice checkout of decision 020); step 5.
 */
const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/payment',
    {
      schema: {
        tags: ['mls-listing'],
        summary: "The listing's invoice with the upgrades on it, and whether all is paid",
        querystring: ZMlsListingQuerySchema,
        response: { 200: ZMlsListingPaymentResponseSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const opened = await app.mlsListingService.open(request.user.userId, request.query.property);
      if (!opened.ok) return refused(reply, opened);
      const out = await app.mlsListingService.payment(opened.ctx);
      return 'ok' in out ? refused(reply, out) : out;
    },
  );
};

export default paymentRoutes;
