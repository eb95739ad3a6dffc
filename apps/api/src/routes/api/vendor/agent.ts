import {
  streetAddressUnit,
  ZAgentDocumentParamsSchema,
  ZAgentDocumentsQuerySchema,
  ZAgentEntryParamsSchema,
  ZAgentHoursSchema,
  ZAgentMessageRequestSchema,
  ZAgentPropertiesPageSchema,
  ZAgentPropertiesQuerySchema,
  ZAgentPropertyParamsSchema,
  ZAgentPropertySchema,
  ZChecklistSchema,
  ZLogHoursRequestSchema,
  ZMessageSchema,
  ZMoveOfferRequestSchema,
  ZOfferSchema,
  ZOffersSchema,
  ZRecordOfferRequestSchema,
  ZThreadResponseSchema,
} from '@lantern/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LIMITS } from '../../../features/auth/throttle/limits.ts';
import { toAssignment } from '../../../features/staff/people.ts';
import { sendDocumentFile } from '../../_shared/document-file.ts';
import { messageView } from '../../_shared/message-threads.ts';
import { ERRORS, notFound, page, refused } from '../../_shared/replies.ts';
import type { ZodApp } from '../../_shared/zod-app.ts';

const agent = { access: { vendor: ['agent'] as const } };

/**
 * The agent's vendor page (issue 24; docs/decisions/050): the properties assigned to them, each
 * with its listing, seller documents, messages with the customers, hours and offers. Every route
 * finds the property through the agent's own assignment first: any other property is a 404.
 */
const vendorAgentRoutes: FastifyPluginAsyncZod = async (app) => {
  registerProperties(app);
  registerMessages(app);
  registerHours(app);
  registerOffers(app);
};

/** The property, when it is one of the agent's own assignments. */
const assignedTo = (app: ZodApp, userId: number, hash: string) =>
  app.agentWorkRepo.propertyForAgent(userId, hash);

const staffNameOf = (app: ZodApp) => `${app.config.siteName} team`;

/** The assigned properties, one of them, its documents and a document's file. */
function registerProperties(app: ZodApp) {
  const repo = app.agentWorkRepo;
  const service = app.agentWork;
  const assigned = (userId: number, hash: string) => assignedTo(app, userId, hash);

  app.get(
    '/agent/properties',
    {
      config: agent,
      schema: {
        tags: ['vendor'],
        summary: "The agent's assigned properties with their customers, newest assignment first",
        querystring: ZAgentPropertiesQuerySchema,
        response: { 200: ZAgentPropertiesPageSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const result = await page(reply, () =>
        app.vendors.pageForVendor(request.access.userId, ['agent'], {
          ...request.query,
          kind: 'agent',
        }),
      );
      if (!result) return reply;
      const customers = await repo.customersOf([
        ...new Set(result.rows.map((r) => r.propertyHash)),
      ]);
      return {
        rows: result.rows.map((r) => ({
          ...toAssignment(r),
          customers: customers
            .filter((c) => c.propertyHash === r.propertyHash)
            .map((c) => c.name || c.email),
        })),
        nextCursor: result.nextCursor,
      };
    },
  );

  app.get(
    '/agent/properties/:hash',
    {
      config: agent,
      schema: {
        tags: ['vendor'],
        summary:
          'An assigned property: customers, representation orders, listings, the hourly order (another’s answers 404)',
        params: ZAgentPropertyParamsSchema,
        response: { 200: ZAgentPropertySchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const property = await assigned(request.access.userId, request.params.hash);
      return property ? service.detail(property) : notFound(reply);
    },
  );

  app.get(
    '/agent/properties/:hash/documents',
    {
      config: agent,
      schema: {
        tags: ['vendor'],
        summary: "An assigned property's document checklist and each document's review state",
        params: ZAgentPropertyParamsSchema,
        querystring: ZAgentDocumentsQuerySchema,
        response: { 200: ZChecklistSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const property = await assigned(request.access.userId, request.params.hash);
      if (!property) return notFound(reply);
      return app.documents.checklistFor(property, request.query.kind);
    },
  );

  app.get(
    '/agent/properties/:hash/documents/:document/file',
    {
      config: agent,
      schema: {
        tags: ['vendor'],
        summary: "A document's file, of an assigned property only",
        params: ZAgentDocumentParamsSchema,
        response: { 404: ERRORS[404], 401: ERRORS[401], 403: ERRORS[403] },
      },
    },
    async (request, reply) => {
      const property = await assigned(request.access.userId, request.params.hash);
      if (!property) return notFound(reply);
      const file = await app.documents.fileOf(request.params.document, undefined, property.id);
      return file ? sendDocumentFile(reply, file) : notFound(reply);
    },
  );
}

/** The property's thread with its customers: read it, write to it. */
function registerMessages(app: ZodApp) {
  const staffName = staffNameOf(app);
  const assigned = (userId: number, hash: string) => assignedTo(app, userId, hash);

  app.get(
    '/agent/properties/:hash/messages',
    {
      config: agent,
      schema: {
        tags: ['vendor'],
        summary: "An assigned property's thread with its customers, oldest first",
        params: ZAgentPropertyParamsSchema,
        response: { 200: ZThreadResponseSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const property = await assigned(request.access.userId, request.params.hash);
      if (!property) return notFound(reply);
      const rows = await app.messages.thread(property.id);
      const last = rows.at(-1);
      if (last) await app.messages.markRead(request.access.userId, property.id, last.id);
      return {
        property: property.hash,
        streetAddress: streetAddressUnit(property.street, property.unit),
        messages: rows.map((m) => messageView(m, staffName)),
      };
    },
  );

  app.post(
    '/agent/properties/:hash/messages',
    {
      config: { ...agent, audit: { action: 'agent.message' } },
      schema: {
        tags: ['vendor'],
        summary: "Write to the customers in an assigned property's thread",
        params: ZAgentPropertyParamsSchema,
        body: ZAgentMessageRequestSchema,
        response: { 201: ZMessageSchema, ...ERRORS, 429: ERRORS[422] },
      },
    },
    async (request, reply) => {
      const { userId } = request.access;
      const property = await assigned(userId, request.params.hash);
      if (!property) return notFound(reply);
      if (!(await app.throttle.take(reply, LIMITS.messages, userId))) return reply;
      const row = await app.messages.create({
        propertyId: property.id,
        authorId: userId,
        fromStaff: false,
        body: request.body.body,
      });
      await app.messages.markRead(userId, property.id, row.id);
      const message = messageView(row, staffName);
      await app.realtime.publishToProperty(property.hash, {
        event: 'MessageCreated',
        data: message,
      });
      request.audit({
        recordType: 'property',
        recordId: property.hash,
        before: null,
        after: { message: row.hash },
      });
      return reply.code(201).send(message);
    },
  );
}

/** Hourly representation: the logged hours, logging and removing an entry. */
function registerHours(app: ZodApp) {
  const service = app.agentWork;
  const assigned = (userId: number, hash: string) => assignedTo(app, userId, hash);

  app.get(
    '/agent/properties/:hash/hours',
    {
      config: agent,
      schema: {
        tags: ['vendor'],
        summary: "An assigned property's logged hours, billed and unbilled",
        params: ZAgentPropertyParamsSchema,
        response: { 200: ZAgentHoursSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const property = await assigned(request.access.userId, request.params.hash);
      return property ? service.hours(property) : notFound(reply);
    },
  );

  app.post(
    '/agent/properties/:hash/hours',
    {
      config: { ...agent, audit: { action: 'agent.hours.log' } },
      schema: {
        tags: ['vendor'],
        summary: 'Log time worked for hourly representation (day, minutes, note)',
        params: ZAgentPropertyParamsSchema,
        body: ZLogHoursRequestSchema,
        response: { 201: ZAgentHoursSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const { userId } = request.access;
      const property = await assigned(userId, request.params.hash);
      if (!property) return notFound(reply);
      const done = await service.logHours(property, userId, request.body);
      if (!done.ok) return refused(reply, done);
      request.audit({
        recordType: 'property',
        recordId: property.hash,
        before: null,
        after: { hours: request.body },
      });
      return reply.code(201).send(done.value);
    },
  );

  app.delete(
    '/agent/properties/:hash/hours/:entry',
    {
      config: { ...agent, audit: { action: 'agent.hours.remove' } },
      schema: {
        tags: ['vendor'],
        summary: 'Remove an unbilled entry one logged oneself',
        params: ZAgentEntryParamsSchema,
        response: { 200: ZAgentHoursSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const { userId } = request.access;
      const property = await assigned(userId, request.params.hash);
      if (!property) return notFound(reply);
      const done = await service.removeHours(property, userId, request.params.entry);
      if (!done.ok) return refused(reply, done);
      request.audit({
        recordType: 'property',
        recordId: property.hash,
        before: { hours: request.params.entry },
        after: null,
      });
      return done.value;
    },
  );
}

/** Offers received: the list, recording one, moving its status. */
function registerOffers(app: ZodApp) {
  const service = app.agentWork;
  const assigned = (userId: number, hash: string) => assignedTo(app, userId, hash);

  app.get(
    '/agent/properties/:hash/offers',
    {
      config: agent,
      schema: {
        tags: ['vendor'],
        summary: 'Offers received on an assigned property, newest first',
        params: ZAgentPropertyParamsSchema,
        response: { 200: ZOffersSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const property = await assigned(request.access.userId, request.params.hash);
      return property ? { offers: await service.offers(property) } : notFound(reply);
    },
  );

  app.post(
    '/agent/properties/:hash/offers',
    {
      config: { ...agent, audit: { action: 'agent.offer.record' } },
      schema: {
        tags: ['vendor'],
        summary: "Record an offer received: price in cents, the buyer's agent, expiry",
        params: ZAgentPropertyParamsSchema,
        body: ZRecordOfferRequestSchema,
        response: { 201: ZOfferSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const { userId } = request.access;
      const property = await assigned(userId, request.params.hash);
      if (!property) return notFound(reply);
      const done = await service.recordOffer(property, userId, request.body);
      if (!done.ok) return refused(reply, done);
      request.audit({
        recordType: 'property_offer',
        recordId: done.value.hash,
        before: null,
        after: { ...request.body, status: done.value.status },
      });
      return reply.code(201).send(done.value);
    },
  );

  app.post(
    '/agent/properties/:hash/offers/:entry/status',
    {
      config: { ...agent, audit: { action: 'agent.offer.status' } },
      schema: {
        tags: ['vendor'],
        summary: 'Counter, accept or reject an open offer, or record that the buyer withdrew it',
        params: ZAgentEntryParamsSchema,
        body: ZMoveOfferRequestSchema,
        response: { 200: ZOfferSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const property = await assigned(request.access.userId, request.params.hash);
      if (!property) return notFound(reply);
      const done = await service.moveOffer(property, request.params.entry, request.body);
      if (!done.ok) return refused(reply, done);
      request.audit({
        recordType: 'property_offer',
        recordId: done.value.offer.hash,
        before: { status: done.value.before },
        after: { status: done.value.offer.status, expiresAt: done.value.offer.expiresAt },
      });
      return done.value.offer;
    },
  );
}

export default vendorAgentRoutes;
