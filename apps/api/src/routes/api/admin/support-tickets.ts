import {
  ZAdminTicketDetailSchema,
  ZAdminTicketsPageSchema,
  ZAdminTicketsQuerySchema,
  ZStaffReplyRequestSchema,
  ZTicketParamsSchema,
  ZUpdateTicketRequestSchema,
} from '@lantern/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERRORS, notFound, page, refused } from '../../_shared/replies.ts';

const answer = { access: { staff: ['messages.answer'] as const } };

/** Staff's support queue (issue 23): find, answer, take and close tickets. */
const supportTicketAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/support-tickets',
    {
      config: answer,
      schema: {
        tags: ['admin'],
        summary: 'Support tickets by state and who handles them, latest activity first',
        querystring: ZAdminTicketsQuerySchema,
        response: { 200: ZAdminTicketsPageSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const result = await page(reply, () =>
        app.supportTickets.page(request.query, request.access.userId),
      );
      if (!result) return reply;
      return { rows: result.rows.map(app.supportTickets.adminRow), nextCursor: result.nextCursor };
    },
  );

  app.get(
    '/support-tickets/:hash',
    {
      config: answer,
      schema: {
        tags: ['admin'],
        summary: 'One ticket with its thread',
        params: ZTicketParamsSchema,
        response: { 200: ZAdminTicketDetailSchema, ...ERRORS },
      },
    },
    async (request, reply) =>
      (await app.supportTickets.adminDetail(request.params.hash)) ?? notFound(reply),
  );

  app.post(
    '/support-tickets/:hash/replies',
    {
      config: { ...answer, audit: { action: 'support.reply' } },
      schema: {
        tags: ['admin'],
        summary: 'Answer the customer (mailed to them) and leave the ticket in a state',
        params: ZTicketParamsSchema,
        body: ZStaffReplyRequestSchema,
        response: { 200: ZAdminTicketDetailSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const { hash } = request.params;
      const outcome = await app.supportTickets.staffReply(
        request.access.userId,
        hash,
        request.body,
      );
      if (!outcome.ok) return refused(reply, outcome);
      request.audit({
        recordType: 'support_ticket',
        recordId: hash,
        before: { state: outcome.value.before },
        after: { state: outcome.value.after },
      });
      return (await app.supportTickets.adminDetail(hash)) ?? notFound(reply);
    },
  );

  app.put(
    '/support-tickets/:hash',
    {
      config: { ...answer, audit: { action: 'support.update' } },
      schema: {
        tags: ['admin'],
        summary: 'Set the state, or take the ticket ("me") or let it go (null)',
        params: ZTicketParamsSchema,
        body: ZUpdateTicketRequestSchema,
        response: { 200: ZAdminTicketDetailSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const { hash } = request.params;
      const outcome = await app.supportTickets.update(request.access.userId, hash, request.body);
      if (!outcome.ok) return refused(reply, outcome);
      request.audit({ recordType: 'support_ticket', recordId: hash, ...outcome.value });
      return (await app.supportTickets.adminDetail(hash)) ?? notFound(reply);
    },
  );
};

export default supportTicketAdminRoutes;
