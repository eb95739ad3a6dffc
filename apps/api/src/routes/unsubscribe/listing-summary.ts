import {
  LISTING_SUMMARY_UNSUBSCRIBE_PATH,
  ZListingSummaryUnsubscribeQuerySchema,
} from '@lantern/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { unsubscribePage } from '../../features/listing-tools/unsubscribe-page.ts';

/**
 * The weekly listing summary's unsubscribe address (issue 22; decision 042), in the mail's
 * footer and its `List-Unsubscribe` header. GET shows a page asking to confirm (a mail scanner
 * following the link stops nothing); POST stops the mail — the page's button, or a mail
 * program's RFC 8058 one-click (`List-Unsubscribe=One-Click`, form-encoded or multipart). The
 * signed token is the only credential: no sign-in, no cookie read or set, so no CSRF check
 * (a cross-site POST can only unsubscribe the person whose token it holds).
 */
const unsubscribeRoutes: FastifyPluginAsyncZod = async (app) => {
  // RFC 8058 bodies: read and ignored (the token says who; the POST itself says what).
  app.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'multipart/form-data'],
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, _body, done) => done(null, undefined),
  );

  const page = (reply: FastifyReply, code: number, html: string) =>
    reply
      .code(code)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .send(html);

  const path = LISTING_SUMMARY_UNSUBSCRIBE_PATH.slice('/unsubscribe'.length);
  const schema = {
    hide: true,
    querystring: ZListingSummaryUnsubscribeQuerySchema,
  };

  app.get(path, { schema }, async (request, reply) => {
    const { token } = request.query;
    const target = await app.listingAnalytics.unsubscribeTarget(token);
    if (!target) return page(reply, 404, unsubscribePage(app.config.siteName, { kind: 'invalid' }));
    const action = `${LISTING_SUMMARY_UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`;
    return page(
      reply,
      200,
      unsubscribePage(app.config.siteName, { kind: 'ask', email: target.email, action }),
    );
  });

  app.post(path, { schema, config: { csrfExempt: true } }, async (request, reply) => {
    const done = await app.listingAnalytics.unsubscribe(request.query.token);
    if (!done) return page(reply, 404, unsubscribePage(app.config.siteName, { kind: 'invalid' }));
    return page(
      reply,
      200,
      unsubscribePage(app.config.siteName, { kind: 'done', email: done.email }),
    );
  });
};

export default unsubscribeRoutes;
