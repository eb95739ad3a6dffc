import {
  ZErrorResponseSchema,
  ZMarkReadRequestSchema,
  ZMessageSchema,
  ZPropertyQuerySchema,
  ZSendMessageRequestSchema,
  ZThreadResponseSchema,
  ZThreadsResponseSchema,
} from '@lantern/contracts';
import type { FastifyContextConfig } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { markThreadRead, readThread, sendMessage, threadList } from './message-threads.ts';
import type { ZodApp } from './zod-app.ts';

const errors = {
  401: ZErrorResponseSchema,
  403: ZErrorResponseSchema,
  404: ZErrorResponseSchema,
  422: ZErrorResponseSchema,
  429: ZErrorResponseSchema,
};

/**
 * Messages (issue 6): one thread per property among its participants and staff. The same
 * handlers serve customers under /api/messages (the threads of their own properties) and staff
 * under /api/admin/messages (every thread, answered as the company); the folder's hook checks
 * who may call them. The work is in message-threads.ts, which /api/v1/messages runs too.
 */
export const threadRoutes =
  (staff: boolean): FastifyPluginAsyncZod =>
  async (app) => {
    const ctx = threadContext(staff);
    registerThread(app, ctx);
    registerReadAndList(app, ctx);
  };

/** What every thread route shares: the reader's side, the config and tags. */
function threadContext(staff: boolean) {
  // Staff routes declare what the one permission check (issue 15) asks of them.
  const config: FastifyContextConfig = staff ? { access: { staff: ['messages.answer'] } } : {};
  const tags = [staff ? 'admin' : 'messages'];
  return { staff, config, tags };
}

type ThreadContext = ReturnType<typeof threadContext>;

/** A property's thread: read it, write in it. */
function registerThread(app: ZodApp, { staff, config, tags }: ThreadContext) {
  app.get(
    '',
    {
      config,
      schema: {
        tags,
        summary: staff ? "Any property's thread (staff)" : "A property's thread, oldest first",
        querystring: ZPropertyQuerySchema,
        response: { 200: ZThreadResponseSchema, ...errors },
      },
    },
    async (request, reply) => readThread(app, staff, request, reply, request.query.property),
  );

  app.post(
    '',
    {
      config,
      schema: {
        tags,
        summary: staff ? 'Answer in a thread as the company' : "Write in a property's thread",
        body: ZSendMessageRequestSchema,
        response: { 201: ZMessageSchema, ...errors },
      },
    },
    async (request, reply) => sendMessage(app, staff, request, reply, request.body),
  );
}

/** Mark a thread read up to a message; every thread with its unread count. */
function registerReadAndList(app: ZodApp, { staff, config, tags }: ThreadContext) {
  app.post(
    '/read',
    {
      config,
      schema: {
        tags,
        summary: 'Mark the thread read up to a message',
        body: ZMarkReadRequestSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => markThreadRead(app, staff, request, reply, request.body),
  );

  app.get(
    '/threads',
    {
      config,
      schema: {
        tags,
        summary: staff
          ? 'Every thread, newest activity first, with unread counts for this staff member'
          : 'A thread per property of the signed-in user, with unread counts',
        response: { 200: ZThreadsResponseSchema, ...errors },
      },
    },
    async (request) => threadList(app, staff, request),
  );
}
