import { createHash } from 'node:crypto';
import {
  NEWSLETTER_MESSAGES,
  NEWSLETTER_PATHS,
  ZErrorResponseSchema,
  ZNewsletterSubscribeRequestSchema,
  ZNewsletterSubscribeResponseSchema,
} from '@lantern/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tooManyAttempts } from '../account/throttle.ts';

/** Subscriptions allowed per IP address per hour. */
export const NEWSLETTER_PER_HOUR = 10;
const HOUR_MS = 60 * 60_000;

const ipKey = (ip: string) => `newsletter:${createHash('sha256').update(ip).digest('base64url')}`;

/** The newsletter form (POST) and the link in the confirmation email (GET). */
const newsletterRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    NEWSLETTER_PATHS.api,
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
      if (app.config.rateLimits) {
        const window = await app.rateLimits.hit(ipKey(request.ip), HOUR_MS);
        if (window.count > NEWSLETTER_PER_HOUR) return tooManyAttempts(reply, window);
      }
      // Same answer whether the address is new, pending or already confirmed (nothing revealed).
      await app.newsletter.subscribeQuietly(request.body.email, 'newsletter');
      return reply.code(202).send({ message: NEWSLETTER_MESSAGES.checkInbox });
    },
  );

  app.get(
    NEWSLETTER_PATHS.confirm,
    {
      schema: {
        tags: ['newsletter'],
        summary: 'Follow a confirmation link; redirects to the matching confirmation page',
        querystring: z.object({ token: z.string().max(1000).optional() }),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const result = request.query.token ? await app.newsletter.confirm(request.query.token) : null;
      if (!result) return reply.redirect(NEWSLETTER_PATHS.invalidLink, 303);
      return reply.redirect(
        result.source === 'promo' ? NEWSLETTER_PATHS.promoConfirmed : NEWSLETTER_PATHS.confirmed,
        303,
      );
    },
  );
};

export default newsletterRoutes;
