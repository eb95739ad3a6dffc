import { MESSAGES } from '@lantern/contracts';
import type { FastifyPluginAsync } from 'fastify';

/**
 * POST /api/stripe/webhook (issue 17): Stripe's events about Checkout sessions, refunds and
 * disputes. The body is read raw, because the signature is over its exact bytes; an unsigned,
 * tampered or stale (over 300 s) event is refused with 400 and changes nothing. No session, so
 * no CSRF check; not in the activity log (no person made the change; payments carry their own
 * rows).
 */
const stripeWebhook: FastifyPluginAsync = async (app) => {
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: 512 * 1024 },
    (_request, body, done) => done(null, body),
  );

  app.post(
    '/webhook',
    {
      config: { csrfExempt: true, audit: false },
      schema: {
        tags: ['payments'],
        summary: 'Stripe events (signed); not for browsers',
        hide: true,
      },
    },
    async (request, reply) => {
      const cards = app.cardPayments;
      const processor = app.cardProcessor;
      if (!cards || !processor) return reply.code(404).send({ message: MESSAGES.notFound });
      const raw = request.body;
      if (!Buffer.isBuffer(raw)) return reply.code(400).send({ message: 'Expected a JSON body.' });
      const signature = request.headers['stripe-signature'];
      let event: ReturnType<typeof processor.verify>;
      try {
        event = processor.verify(raw, typeof signature === 'string' ? signature : undefined);
      } catch {
        request.log.warn('Stripe webhook with a missing, wrong or stale signature refused');
        return reply.code(400).send({ message: 'The signature does not verify.' });
      }
      await cards.handle(event);
      return reply.code(200).send({ received: true });
    },
  );
};

export default stripeWebhook;
