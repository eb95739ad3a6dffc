import { ZSiteMediaPublicFileParamsSchema } from '@lantern/contracts';
import type { TSiteMediaSizeName } from '@lantern/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendSiteMediaFile } from '../_shared/site-media-file.ts';

/**
 * GET /api/site-media/{hash}/{size}.jpg: a size of a published site media photo (the sample work
 * on /photography; docs/decisions/081-site-media.md), for anyone; 404 once it is unpublished.
 */
const publicSiteMediaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/site-media/:hash/:file',
    {
      schema: {
        tags: ['listings'],
        summary: 'One size of a published site photo (JPEG, no metadata)',
        params: ZSiteMediaPublicFileParamsSchema,
      },
    },
    async (request, reply) => {
      const row = await app.siteMedia.find(request.params.hash);
      const size = request.params.file.replace(/\.jpg$/, '') as TSiteMediaSizeName;
      // Public but short, as listing photos: an unpublished photo should not linger in caches.
      return sendSiteMediaFile(
        app,
        reply,
        row?.published ? row : undefined,
        size,
        'public, max-age=300',
      );
    },
  );
};

export default publicSiteMediaRoutes;
