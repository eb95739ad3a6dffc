import { ZPropertyQuerySchema } from '@lantern/contracts';
import { FSBO_LISTING_TEXTS } from '@lantern/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { renderListingPage } from '../../../../features/public-listings/listing-page.ts';
import { listingPageSite } from '../../../../features/public-listings/page-html.ts';
import { builtPage, LISTING_TEMPLATE_FILE } from '../../../_shared/built-page.ts';
import { refused } from '../../../_shared/replies.ts';

/**
 * GET /api/dashboard/fsbo-listing/preview?property=: the listing page as it will look once
 * published (issue 19), rendered by the public page's own renderer in preview mode (noindex, a
 * "Preview" banner, no share links), with the photos on the owner's dashboard routes. The review
 * step shows it in a frame, so this one answer may be framed by our own pages.
 */
const previewRoutes: FastifyPluginAsyncZod = async (app) => {
  const site = listingPageSite(app.config);
  const template = builtPage(app.config.webDist, LISTING_TEMPLATE_FILE);

  app.get(
    '/preview',
    {
      schema: {
        tags: ['fsbo-listing'],
        summary: 'The listing page as it will look once published (HTML, for the review step)',
        querystring: ZPropertyQuerySchema,
      },
    },
    async (request, reply) => {
      const service = app.fsboListingService;
      const opened = await service.open(request.user.userId, request.query.property);
      if (!opened.ok) return refused(reply, opened);
      const page = template();
      const detail = await service.preview(opened.ctx);
      if (!page || !detail) {
        return reply.code(503).send({ message: FSBO_LISTING_TEXTS.previewUnavailable });
      }
      const csp = String(reply.getHeader('content-security-policy') ?? '');
      return (
        reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'private, no-store')
          .header('x-frame-options', 'SAMEORIGIN')
          .header(
            'content-security-policy',
            csp.replace("frame-ancestors 'none'", "frame-ancestors 'self'"),
          )
          // A link in the framed page (the site's menus) opens in the whole window, not the frame.
          .send(
            renderListingPage(page, detail, site, { preview: true }).replace(
              /<head([^>]*)>/i,
              '<head$1><base target="_top" />',
            ),
          )
      );
    },
  );
};

export default previewRoutes;
