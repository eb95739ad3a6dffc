import {
  MESSAGES,
  ZCreateTicketRequestSchema,
  ZErrorResponseSchema,
  ZTicketDetailSchema,
  ZTicketListSchema,
  ZTicketParamsSchema,
  ZTicketReplyRequestSchema,
} from '@lantern/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { wholeOrPage } from '../../_shared/paged-list.ts';
import { refused } from '../../_shared/replies.ts';

const errors = { 401: ZErrorResponseSchema, 404: ZErrorResponseSchema, 422: ZErrorResponseSchema };

/** The customer's support tickets (issue 23): their own only; another's is a 404. */
const supportTicketRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/support-tickets',
    {
      config: { pagedInDatabase: true },
      schema: {
        tags: ['support'],
        summary: "The user's support tickets, latest activity first",
        response: { 200: ZTicketListSchema, ...errors },
      },
    },
    async (request) => {
      const { userId } = request.user;
      const tickets = await wholeOrPage(
        request,
        () => app.supportTickets.list(userId),
        (window) => app.supportTickets.pageOfUser(userId, window),
      );
      return { tickets };
    },
  );

  app.post(
    '/support-tickets',
    {
      schema: {
        tags: ['support'],
        summary: 'Open a support ticket: a subject, optionally one of your properties, a message',
        body: ZCreateTicketRequestSchema,
        response: { 201: ZTicketDetailSchema, ...errors },
      },
    },
    async (request, reply) => {
      const outcome = await app.supportTickets.create(request.user.userId, request.body);
      if (!outcome.ok) return refused(reply, outcome);
      const detail = await app.supportTickets.detail(request.user.userId, outcome.value);
      return detail
        ? reply.code(201).send(detail)
        : reply.code(404).send({ message: MESSAGES.notFound });
    },
  );

  app.get(
    '/support-tickets/:hash',
    {
      schema: {
        tags: ['support'],
        summary: 'One of your tickets with its thread',
        params: ZTicketParamsSchema,
        response: { 200: ZTicketDetailSchema, ...errors },
      },
    },
    async (request, reply) =>
      (await app.supportTickets.detail(request.user.userId, request.params.hash)) ??
      reply.code(404).send({ message: MESSAGES.notFound }),
  );

  app.post(
    '/support-tickets/:hash/replies',
    {
      schema: {
        tags: ['support'],
        summary: 'Write on your ticket (it opens again if it was solved)',
        params: ZTicketParamsSchema,
        body: ZTicketReplyRequestSchema,
        response: { 200: ZTicketDetailSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { userId } = request.user;
      const outcome = await app.supportTickets.customerReply(
        userId,
        request.params.hash,
        request.body.body,
      );
      if (!outcome.ok) return refused(reply, outcome);
      return (
        (await app.supportTickets.detail(userId, request.params.hash)) ??
        reply.code(404).send({ message: MESSAGES.notFound })
      );
    },
  );
};

export default supportTicketRoutes;
