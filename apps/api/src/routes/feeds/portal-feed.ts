import { MESSAGES } from '@lantern/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LIMITS } from '../../features/auth/throttle/limits.ts';

/**
 * A portal's listing feed (issue 49; docs/feeds/README.md): GET /feeds/{token}.xml, the token
 * being the feed's secret (only its SHA-256 is kept). An unknown, rotated-away or revoked token
 * is a 404 like any other missing file. The log shows the path without its token
 * (lib/log-redaction.ts). The file is the same until a listing changes, so its ETag answers a
 * portal's If-None-Match with a 304. An address that names no feed counts against the caller's
 * IP, and each feed may be fetched so often an hour (LIMITS): past either, a 429.
 */
/** If-None-Match names this ETag (a list, weak or strong, or `*`). */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}

const portalFeedRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:file',
    { schema: { hide: true, params: z.object({ file: z.string().max(200) }) } },
    async (request, reply) => {
      const { throttle } = app;
      const { file: name } = request.params;
      if (!(await throttle.check(reply, LIMITS.portalFeedMisses, request.ip))) return reply;
      // Counted by address before the file is read, so a fetch past the limit is not recorded.
      if (!(await throttle.take(reply, LIMITS.portalFeedFetches, name))) return reply;
      const file = await app.portalFeeds.service.fetch(name);
      if (!file) {
        await throttle.fail(LIMITS.portalFeedMisses, request.ip);
        return reply.code(404).send({ message: MESSAGES.notFound });
      }
      reply
        .header('etag', file.etag)
        .header('cache-control', 'private, no-cache')
        .header('x-robots-tag', 'noindex');
      if (matches(request.headers['if-none-match'], file.etag)) return reply.code(304).send();
      return reply.type('application/xml; charset=utf-8').send(file.bytes);
    },
  );
};

export default portalFeedRoutes;
