import { MESSAGES } from '@lantern/contracts';
import fp from 'fastify-plugin';
import { bearerToken, isV1 } from '../../lib/api-version.ts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * State-changing requests must come from our own pages: they carry X-Requested-With (a header a
 * cross-site form cannot set, and which forces a CORS preflight we never grant) and an Origin
 * (or, failing that, a Referer) on PUBLIC_URL. Requests to /api/v1 with an API token skip it
 * (docs/decisions/052-public-api-and-tokens.md).
 */
export default fp(
  async (app) => {
    const allowed = app.config.publicUrl.origin;
    app.addHook('onRequest', async (request, reply) => {
      if (SAFE.has(request.method)) return;
      // A provider's cross-site form_post callback that changes nothing (routes/account/social).
      if (request.routeOptions.config?.csrfExempt) return;
      // An API token under /api/v1 (issue 25): the request cannot use a cookie at all (auth.ts),
      // and a cross-site page cannot set Authorization, so this check has nothing to protect.
      if (isV1(request.raw) && bearerToken(request.headers) !== undefined) return;
      const xrw = request.headers['x-requested-with'];
      const origin = request.headers.origin ?? originOf(request.headers.referer);
      if (xrw !== 'XMLHttpRequest' || origin !== allowed) {
        return reply.code(403).send({ message: MESSAGES.csrf });
      }
    });
  },
  { name: 'csrf' },
);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Only for a route that neither reads nor changes a session or data: docs/decisions/006-social-sign-in.md. */
    csrfExempt?: boolean;
  }
}

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}
