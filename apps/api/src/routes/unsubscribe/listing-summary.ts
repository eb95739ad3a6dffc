import {
  LISTING_SUMMARY_UNSUBSCRIBE_PATH,
  LISTING_ANALYTICS_TEXTS as T,
  ZListingSummaryUnsubscribeQuerySchema,
} from '@lantern/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/**
 * The weekly listing summary's unsubscribe address (issue 22; decision 042), in the mail's
 * footer and its `List-Unsubscribe` header. GET is the public site's page asking to confirm
 * (apps/web/src/pages/unsubscribe/listing-summary.astro; a mail scanner following the link stops
 * nothing); POST stops the mail — the page's button, or a mail program's RFC 8058 one-click
 * (`List-Unsubscribe=One-Click`, form-encoded or multipart) — and answers with that page, which
 * then says it is done (RFC 8058 forbids a redirect). The signed token is the only credential:
 * no sign-in, no cookie read or set, so no CSRF check (a cross-site POST can only unsubscribe
 * the person whose token it holds).
 */
const unsubscribeRoutes: FastifyPluginAsyncZod = async (app) => {
  // RFC 8058 bodies: read and ignored (the token says who; the POST itself says what).
  app.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'multipart/form-data'],
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, _body, done) => done(null, undefined),
  );

  const path = LISTING_SUMMARY_UNSUBSCRIBE_PATH.slice('/unsubscribe'.length);
  const schema = {
    hide: true,
    querystring: ZListingSummaryUnsubscribeQuerySchema,
  };

  app.post(path, { schema, config: { csrfExempt: true } }, async (request, reply) => {
    const done = await app.listingAnalytics.unsubscribe(request.query.token);
    if (await app.sitePageAfterPost(request, reply)) return reply;
    // No public site built (an API-only run): the outcome in words.
    return reply
      .code(done ? 200 : 404)
      .header('cache-control', 'no-store')
      .send({ message: done ? T.unsubscribed(done.email) : T.badLink });
  });
};

export default unsubscribeRoutes;
