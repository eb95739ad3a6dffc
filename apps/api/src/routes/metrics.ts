import type { FastifyPluginAsync } from 'fastify';
import { sameSecret } from '../lib/keyed-hash.ts';

/**
 * GET /metrics in Prometheus' text format (issue 26): off (404) unless METRICS_TOKEN is set, and
 * then only for `Authorization: Bearer <token>`, since the numbers describe the business.
 */
const metricsRoute: FastifyPluginAsync = async (app) => {
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const token = app.config.metricsToken;
    if (!token) return reply.callNotFound();
    const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    if (!sameSecret(given, token)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({ message: 'A valid metrics token is required.' });
    }
    const registry = app.metrics.registry;
    if (!registry) return reply.callNotFound();
    return reply.type(registry.contentType).send(await registry.metrics());
  });
};

export default metricsRoute;
