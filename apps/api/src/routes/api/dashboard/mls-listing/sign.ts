import {
  LISTING_LIFECYCLE_TEXTS,
  ZDocumentParamsSchema,
  ZDocumentQuerySchema,
  ZMlsListingQuerySchema,
  ZMlsListingSignRequestSchema,
  ZMlsListingSignResponseSchema,
} from '@lantern/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERRORS, FILE_ERRORS, fileReply, refused } from '../../../_shared/replies.ts';

/** Longest user agent kept in a signature's trail (browsers send a few hundred characters). */
const USER_AGENT_MAX = 512;

/**
 * The sign step (issue 18; docs/decisions/032-mls-listing-sign-review-manage.md): the agreement
 * with the ESIGN disclosure, each owner's signature, and the PDFs (unsigned and signed).
 */
const signRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.mlsListingService;

  app.get(
    '/sign',
    {
      schema: {
        tags: ['mls-listing'],
        summary:
          'The listing agreement to sign (made from the listing as it stands), its signers and the ESIGN disclosure',
        querystring: ZMlsListingQuerySchema,
        response: { 200: ZMlsListingSignResponseSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const opened = await service.open(request.user.userId, request.query.property);
      if (!opened.ok) return refused(reply, opened);
      const out = await app.listingAgreement.page(opened.ctx);
      return 'ok' in out ? refused(reply, out) : out;
    },
  );

  app.post(
    '/sign',
    {
      config: { audit: { action: 'mls-listing.sign', outside: true } },
      schema: {
        tags: ['mls-listing'],
        summary:
          "An owner's electronic signature on the agreement, with consent to the ESIGN disclosure; the last one submits the listing",
        body: ZMlsListingSignRequestSchema,
        response: {
          200: z.object({ completed: z.boolean(), message: z.string() }),
          ...ERRORS,
        },
      },
    },
    async (request, reply) => {
      const opened = await service.open(request.user.userId, request.body.property);
      if (!opened.ok) return refused(reply, opened);
      // The signed copy is stored first; the signature commits with the request's activity row.
      const out = await app.listingAgreement.sign(
        opened.ctx,
        request.body,
        {
          ip: request.ip,
          userAgent: (request.headers['user-agent'] ?? '').slice(0, USER_AGENT_MAX),
        },
        request.commit,
      );
      if (!out.ok) return refused(reply, out);
      return {
        completed: out.completed,
        message:
          out.message ??
          (out.completed ? LISTING_LIFECYCLE_TEXTS.allSigned : LISTING_LIFECYCLE_TEXTS.signed),
      };
    },
  );

  app.get(
    '/documents/:hash',
    {
      schema: {
        response: FILE_ERRORS,
        tags: ['mls-listing'],
        summary:
          "A PDF of one of the listing's documents (the agreement, a renewal, a change form): unsigned or signed copy",
        params: ZDocumentParamsSchema,
        querystring: ZDocumentQuerySchema,
      },
    },
    async (request, reply) => {
      const opened = await service.open(request.user.userId, request.query.property);
      if (!opened.ok) return refused(reply, opened);
      const out = await app.listingAgreement.file(
        opened.ctx,
        request.params.hash,
        request.query.copy,
      );
      if (!out.ok) return refused(reply, out);
      return fileReply(reply)
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${out.name}"`)
        .header('cache-control', 'private, no-store')
        .send(out.stream);
    },
  );
};

export default signRoutes;
