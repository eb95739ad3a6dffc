import { ZErrorResponseSchema, ZPropertyQuerySchema } from '@lantern/contracts';
import { FSBO_LISTING_TEXTS } from '@lantern/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listingPageSite } from '../../../../features/public-listings/listing-page-site.ts';
import { timeZoneOfState } from '../../../../lib/time-zones.ts';
import { FILE_ERRORS, fileReply, refused } from '../../../_shared/replies.ts';

/** The public site's page that shows a draft in preview mode (apps/web/src/pages). */
const PREVIEW_PAGE = '/listing-preview';

/**
 * GET /api/dashboard/fsbo-listing/preview?property=: the listing page as it will look once
 * published (issue 19), rendered by Astro from the public page's own components in preview mode
 * (noindex, a "Preview" banner, no share links), with the photos on the owner's dashboard routes.
 * The review step shows it in a frame, so this one answer may be framed by our own pages.
 */
const previewRoutes: FastifyPluginAsyncZod = async (app) => {
  const site = listingPageSite(app.config);

  app.get(
    '/preview',
    {
      schema: {
        // 503: the site's pages cannot render it (a server without the web build).
        response: { ...FILE_ERRORS, 503: ZErrorResponseSchema },
        tags: ['fsbo-listing'],
        summary: 'The listing page as it will look once published (HTML, for the review step)',
        querystring: ZPropertyQuerySchema,
      },
    },
    async (request, reply) => {
      const service = app.fsboListingService;
      const opened = await service.open(request.user.userId, request.query.property);
      if (!opened.ok) return refused(reply, opened);
      const detail = await service.preview(opened.ctx);
      const page = detail
        ? await app.renderSitePage(PREVIEW_PAGE, {
            listingPreview: {
              detail,
              site,
              timeZone: timeZoneOfState(detail.state),
              textForInfo: null,
            },
          })
        : null;
      if (page?.status !== 200) {
        return reply.code(503).send({ message: FSBO_LISTING_TEXTS.previewUnavailable });
      }
      const csp = String(reply.getHeader('content-security-policy') ?? '');
      return fileReply(reply)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .header('x-frame-options', 'SAMEORIGIN')
        .header(
          'content-security-policy',
          csp.replace("frame-ancestors 'none'", "frame-ancestors 'self'"),
        )
        .send(page.body);
    },
  );
};

export default previewRoutes;
