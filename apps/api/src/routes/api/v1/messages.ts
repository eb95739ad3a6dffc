import {
  ZV1MarkReadRequestSchema,
  ZV1MessageSchema,
  ZV1MessagesQuerySchema,
  ZV1SendMessageRequestSchema,
  ZV1ThreadListSchema,
  ZV1ThreadSchema,
} from '@lantern/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  markThreadRead,
  readThread,
  sendMessage,
  threadList,
} from '../../_shared/message-threads.ts';
import { errorAnswers } from '../../_shared/replies.ts';
import type { ZodApp } from '../../_shared/zod-app.ts';

const tags = ['messages'];
const errors = errorAnswers(401, 403, 404);
// 422: no `property`, or a body that is not a message; 429: over the sending limit.
const readErrors = errorAnswers(401, 403, 404, 422);
const writeErrors = errorAnswers(401, 403, 404, 422, 429);

/**
 * /api/v1/messages (issue 48): each property has one thread, named by the property's hash, so
 * messages are a collection filtered by property, as orders are. The paths and shapes are those
 * /api/v1/messages answered when it mirrored the browser's routes, so no client breaks, and they
 * run the browser's own server functions (routes/_shared/message-threads.ts).
 */
const v1MessageRoutes: FastifyPluginAsyncZod = async (app) => {
  registerReads(app);
  registerWrites(app);
};

function registerReads(app: ZodApp) {
  app.get(
    '/messages/threads',
    {
      schema: {
        tags,
        summary: 'Your message threads',
        description:
          'One thread per property you take part in, with its newest message and how many messages you have not read.',
        response: { 200: ZV1ThreadListSchema, ...errors },
      },
    },
    async (request) => threadList(app, false, request),
  );

  app.get(
    '/messages',
    {
      schema: {
        tags,
        summary: "A property's messages",
        description:
          'The thread of the property `property` names: its newest 200 messages, oldest first. A property you do not take part in is a 404.',
        querystring: ZV1MessagesQuerySchema,
        response: { 200: ZV1ThreadSchema, ...readErrors },
      },
    },
    async (request, reply) => readThread(app, false, request, reply, request.query.property),
  );
}

function registerWrites(app: ZodApp) {
  app.post(
    '/messages',
    {
      schema: {
        tags,
        summary: 'Send a message',
        description:
          'Writes in the thread of the property `property` names, as you; its participants and staff see it at once (`MessageCreated`) and the `message.received` webhook fires. Plain text, 1–5,000 characters after trimming; control characters other than newline and tab are refused with 422. At most 30 a minute.',
        body: ZV1SendMessageRequestSchema,
        response: { 201: ZV1MessageSchema, ...writeErrors },
      },
    },
    async (request, reply) => sendMessage(app, false, request, reply, request.body),
  );

  app.post(
    '/messages/read',
    {
      schema: {
        tags,
        summary: 'Mark a thread read',
        description:
          "Moves your read mark in the property's thread forward to the message `upTo` names (never back); 404 when it is not a message of that thread.",
        body: ZV1MarkReadRequestSchema,
        response: { 204: z.null(), ...writeErrors },
      },
    },
    async (request, reply) => markThreadRead(app, false, request, reply, request.body),
  );
}

export default v1MessageRoutes;
