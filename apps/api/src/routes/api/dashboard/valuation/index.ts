import {
  MESSAGES,
  ZErrorResponseSchema,
  ZPropertyFactsRequestSchema,
  ZPropertyQuerySchema,
  ZValuationPageSchema,
  ZValuationRegenerateResponseSchema,
  ZValuationReportParamsSchema,
  ZValuationReportSchema,
} from '@lantern/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fileReply, NOT_FOUND } from '../../../_shared/replies.ts';
import type { ZodApp } from '../../../_shared/zod-app.ts';

const errors = { 401: ZErrorResponseSchema, 404: ZErrorResponseSchema };

/**
 * The Valuation page (issue 38; docs/decisions/063): the home's facts, whether valuations are
 * offered here, and every report delivered. Only participants who may order for the property
 * (can_edit) see them; anyone else gets 404.
 */
const valuationRoutes: FastifyPluginAsyncZod = async (app) => {
  registerPage(app);
  registerReports(app);
};

/** The property, when the signed-in user may order for it. */
async function editable(app: ZodApp, request: FastifyRequest, propertyHash: string) {
  const found = await app.properties.findForUser(request.user.userId, propertyHash);
  return found?.participant.canEdit ? found.property : undefined;
}

/** The property of a report the signed-in user may read. */
async function reportProperty(app: ZodApp, request: FastifyRequest, reportHash: string) {
  const propertyHash = await app.valuations.propertyHashOf(reportHash);
  return propertyHash ? editable(app, request, propertyHash) : undefined;
}

/** The Valuation page and the home's facts. */
function registerPage(app: ZodApp) {
  const service = app.valuation;

  app.get(
    '',
    {
      schema: {
        tags: ['valuation'],
        summary:
          "The Valuation page: the home's facts, whether valuations are offered, its reports",
        querystring: ZPropertyQuerySchema,
        response: { 200: ZValuationPageSchema, ...errors },
      },
    },
    async (request, reply) => {
      const property = await editable(app, request, request.query.property);
      if (!property) return reply.code(404).send({ message: MESSAGES.notFound });
      return service.page(property);
    },
  );

  app.put(
    '/facts',
    {
      schema: {
        tags: ['valuation'],
        summary: "Correct the home's facts the estimates use",
        body: ZPropertyFactsRequestSchema,
        response: { 200: ZValuationPageSchema, ...errors, 422: ZErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const { userId } = request.user;
      const property = await editable(app, request, request.body.property);
      if (!property) return reply.code(404).send({ message: MESSAGES.notFound });
      const audit = await request.serviceAuditBase(userId);
      await service.saveFacts(property, request.body.facts, userId, audit);
      return service.page(property);
    },
  );
}

/** A report, its PDF, and making it again. */
function registerReports(app: ZodApp) {
  const service = app.valuation;

  app.get(
    '/reports/:hash',
    {
      schema: {
        tags: ['valuation'],
        summary: 'One report as delivered: estimate, comparables, trend, accuracy, disclaimer',
        params: ZValuationReportParamsSchema,
        response: { 200: ZValuationReportSchema, ...errors },
      },
    },
    async (request, reply) => {
      const property = await reportProperty(app, request, request.params.hash);
      const report = property && (await service.report(property, request.params.hash));
      if (!report) return reply.code(404).send({ message: MESSAGES.notFound });
      return report;
    },
  );

  app.get(
    '/reports/:hash/pdf',
    {
      schema: {
        response: NOT_FOUND,
        tags: ['valuation'],
        summary: 'The PDF of a ready paid report; 404 when there is none for you',
        params: ZValuationReportParamsSchema,
      },
    },
    async (request, reply) => {
      const property = await reportProperty(app, request, request.params.hash);
      const file = property && (await service.pdf(property, request.params.hash));
      if (!file) return reply.code(404).send({ message: MESSAGES.notFound });
      return fileReply(reply)
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'private, no-store')
        .send(file.body);
    },
  );

  app.post(
    '/reports/:hash/regenerate',
    {
      schema: {
        tags: ['valuation'],
        summary: "Make a report again from the home's facts as they are now (a paid one once)",
        params: ZValuationReportParamsSchema,
        response: { 201: ZValuationRegenerateResponseSchema, ...errors, 409: ZErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const property = await reportProperty(app, request, request.params.hash);
      if (!property) return reply.code(404).send({ message: MESSAGES.notFound });
      const audit = await request.serviceAuditBase(request.user.userId);
      const done = await service.regenerate(
        property,
        request.params.hash,
        request.user.userId,
        audit,
      );
      if (!done.ok) return reply.code(done.status).send({ message: done.message });
      return reply.code(201).send({ report: done.value });
    },
  );
}

export default valuationRoutes;
