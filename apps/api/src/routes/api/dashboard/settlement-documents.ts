import {
  MESSAGES,
  ZErrorResponseSchema,
  ZPropertyQuerySchema,
  ZSellerSettlementDocumentsSchema,
  ZSellerSettlementFileParamsSchema,
} from '@lantern/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendDocumentFile } from '../../_shared/document-file.ts';

const errors = { 401: ZErrorResponseSchema, 404: ZErrorResponseSchema };

/**
 * The sellers' closing documents (issue 39; docs/decisions/066): the settlement statement and the
 * signed CDA of each sale of the property once staff approved the CDA. Only the property's sellers
 * see them; anyone else, and a sale not approved yet, is a 404.
 */
const settlementDocumentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/settlement-documents',
    {
      schema: {
        tags: ['documents'],
        summary: "The property's approved sales with their settlement statement and signed CDA",
        querystring: ZPropertyQuerySchema,
        response: { 200: ZSellerSettlementDocumentsSchema, ...errors },
      },
    },
    async (request, reply) => {
      const property = await app.settlementRepo.sellerProperty(
        request.user.userId,
        request.query.property,
      );
      if (!property) return reply.code(404).send({ message: MESSAGES.notFound });
      const rows = await app.settlementRepo.approvedOf(property.id);
      return { transactions: await app.settlement.sellerDocuments(rows) };
    },
  );

  app.get(
    '/settlement-documents/:hash/:file',
    {
      schema: {
        tags: ['documents'],
        summary: 'The settlement statement or the signed CDA of an approved sale, for its sellers',
        params: ZSellerSettlementFileParamsSchema,
        response: errors,
      },
    },
    async (request, reply) => {
      const { hash, file } = request.params;
      const row = await app.settlementRepo.approvedForSeller(hash, request.user.userId);
      const found = row
        ? file === 'statement'
          ? await app.settlement.statementFile(row)
          : await app.settlement.cdaFile(row, 'signed')
        : undefined;
      if (!found) return reply.code(404).send({ message: MESSAGES.notFound });
      return sendDocumentFile(reply, found);
    },
  );
};

export default settlementDocumentRoutes;
