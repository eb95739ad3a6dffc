import { MESSAGES, ZErrorResponseSchema, ZListingBeaconParamsSchema } from '@lantern/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LIMITS } from '../../features/auth/throttle/limits.ts';

/**
 * The public listing page's beacons (issue 22, "Listing analytics"; decision 042): the page's
 * script POSTs here once per page view, and once when the visitor first moves through the
 * gallery. No session, no cookie set, no body; the page sends X-Requested-With like every page
 * of ours. Only a published listing counts, known bots count nothing (the answer is the same
 * 204), and each IP has a budget per listing and hour.
 */
const listingBeaconRoutes: FastifyPluginAsyncZod = async (app) => {
  const schema = (summary: string) => ({
    tags: ['listings'],
    summary,
    params: ZListingBeaconParamsSchema,
    response: { 404: ZErrorResponseSchema, 429: ZErrorResponseSchema },
  });

  async function beacon(
    id: string,
    request: FastifyRequest,
    reply: FastifyReply,
    record: typeof app.listingAnalytics.recordView,
  ) {
    const row = await app.listings.published(id);
    if (!row) return reply.code(404).send({ message: MESSAGES.notFound });
    const visitor = { ip: request.ip, userAgent: request.headers['user-agent'] };
    if (!(await app.throttle.take(reply, LIMITS.listingBeacons, `${request.ip}|${row.id}`))) {
      return reply;
    }
    await record({ id: row.id, state: row.state }, visitor);
    return reply.code(204).header('cache-control', 'no-store').send();
  }

  app.post(
    '/listings/:id/views',
    { config: { audit: false }, schema: schema('Count a view of a published listing page') },
    (request, reply) => beacon(request.params.id, request, reply, app.listingAnalytics.recordView),
  );

  app.post(
    '/listings/:id/gallery-opens',
    {
      config: { audit: false },
      schema: schema("Count that a visitor went through a published listing's photos"),
    },
    (request, reply) =>
      beacon(request.params.id, request, reply, app.listingAnalytics.recordGalleryOpen),
  );
};

export default listingBeaconRoutes;
