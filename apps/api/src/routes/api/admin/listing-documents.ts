import {
  MESSAGES,
  ZAdminDocumentParamsSchema,
  ZAdminDocumentQuerySchema,
} from '@lantern/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fileReply, NOT_FOUND, notFound } from '../../_shared/replies.ts';

/**
 * A PDF of one of a listing's documents for staff (issue 18): the agreement, a renewal or a change
 * form, the signed copy by default. Kept in its own file so the review pages and the change queue
 * share it.
 */
const listingDocumentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/mls-listings/:hash/documents/:document',
    {
      config: { access: { staff: ['listings.review'] } },
      schema: {
        response: NOT_FOUND,
        tags: ['admin'],
        summary:
          "A PDF of one of the listing's documents (agreement, renewal, change form): signed or unsigned copy",
        params: ZAdminDocumentParamsSchema,
        querystring: ZAdminDocumentQuerySchema,
      },
    },
    async (request, reply) => {
      const listing = await app.listingChanges.listingByHash(request.params.hash);
      const found = listing ? await app.signingDocuments.findByHash(request.params.document) : null;
      if (!listing || !found || found.document.listingId !== listing.id) return notFound(reply);
      const stream = await app.signing.file(found.document, request.query.copy);
      if (!stream) return reply.code(404).send({ message: MESSAGES.notFound });
      const base = found.document.title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
      return fileReply(reply)
        .header('content-type', 'application/pdf')
        .header(
          'content-disposition',
          `attachment; filename="${base}-${request.query.copy}-${found.document.hash}.pdf"`,
        )
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  );
};

export default listingDocumentRoutes;
