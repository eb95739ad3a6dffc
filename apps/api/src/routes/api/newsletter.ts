import {
  NEWSLETTER_MESSAGES,
  NEWSLETTER_PATHS,
  ZEmailedLinkRequestSchema,
  ZEmailedLinkResultSchema,
  ZErrorResponseSchema,
  ZNewsletterSubscribeRequestSchema,
  ZNewsletterSubscribeResponseSchema,
} from '@lantern/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LIMITS } from '../../features/auth/throttle/limits.ts';

/** The newsletter form, and the confirmation link's page posting its token. */
const newsletterRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/newsletter',
    {
      schema: {
        tags: ['newsletter'],
        summary: 'Subscribe to the newsletter (double opt-in: a confirmation link is emailed)',
        body: ZNewsletterSubscribeRequestSchema,
        response: {
          202: ZNewsletterSubscribeResponseSchema,
          422: ZErrorResponseSchema,
          429: ZErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      if (!(await app.throttle.take(reply, LIMITS.newsletterSignUps, request.ip))) return reply;
      // Same answer whether the address is new, pending or already confirmed (nothing revealed).
      await app.newsletter.subscribeQuietly(request.body.email, 'newsletter');
      return reply.code(202).send({ message: NEWSLETTER_MESSAGES.checkInbox });
    },
  );

  app.post(
    '/newsletter/confirm',
    {
      schema: {
        tags: ['newsletter'],
        summary:
          'Confirm a subscription with the token from the emailed link; answers the confirmation page to show',
        body: ZEmailedLinkRequestSchema,
        response: { 200: ZEmailedLinkResultSchema, 410: ZErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const result = await app.newsletter.confirm(request.body.token);
      if (!result) return reply.code(410).send({ message: NEWSLETTER_MESSAGES.linkExpired });
      return {
        redirect:
          result.source === 'promo' ? NEWSLETTER_PATHS.promoConfirmed : NEWSLETTER_PATHS.confirmed,
      };
    },
  );
};

export default newsletterRoutes;
