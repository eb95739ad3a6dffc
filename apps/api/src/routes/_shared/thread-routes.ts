import {
  MESSAGES,
  streetAddressUnit,
  type TMessage,
  ZErrorResponseSchema,
  ZMarkReadRequestSchema,
  ZMessageSchema,
  ZPropertyQuerySchema,
  ZSendMessageRequestSchema,
  ZThreadResponseSchema,
  ZThreadsResponseSchema,
} from '@lantern/contracts';
import type { Property } from '@lantern/db';
import type { FastifyContextConfig, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LIMITS } from '../../features/auth/throttle/limits.ts';
import type { MessageRow } from '../../features/participants/messages.repository.ts';
import type { ZodApp } from './zod-app.ts';

const errors = {
  401: ZErrorResponseSchema,
  403: ZErrorResponseSchema,
  404: ZErrorResponseSchema,
  422: ZErrorResponseSchema,
  429: ZErrorResponseSchema,
};

/** A message as every reader sees it; staff replies are signed as the company. */
export const messageView = (row: MessageRow, staffName: string): TMessage => ({
  hash: row.hash,
  property: row.propertyHash,
  body: row.body,
  createdAt: row.createdAt.toISOString(),
  author: row.fromStaff ? staffName : row.authorName || row.authorEmail || 'Former participant',
  fromStaff: row.fromStaff,
  authorHash: row.authorHash,
});

/**
 * Messages (issue 6): one thread per property among its participants and staff. The same
 * handlers serve customers under /api/messages (the threads of their own properties) and staff
 * under /api/admin/messages (every thread, answered as the company); the folder's hook checks
 * who may call them.
 */
export const threadRoutes =
  (staff: boolean): FastifyPluginAsyncZod =>
  async (app) => {
    const ctx = threadContext(app, staff);
    registerThread(app, ctx);
    registerReadAndList(app, ctx);
  };

/** What every thread route shares: the reader's side, the lookups, the config and tags. */
function threadContext(app: ZodApp, staff: boolean) {
  const repo = app.messages;
  const staffName = `${app.config.siteName} team`;

  const toMessage = (row: MessageRow) => messageView(row, staffName);

  async function summaries(
    rows: Array<{
      hash: string;
      street: string;
      unit: string | null;
      unread: number;
      lastId: number | null;
    }>,
  ) {
    const last = await repo.byIds(rows.flatMap((r) => (r.lastId ? [r.lastId] : [])));
    const byId = new Map(last.map((m) => [m.id, toMessage(m)]));
    const threads = rows.map((r) => ({
      property: r.hash,
      streetAddress: streetAddressUnit(r.street, r.unit),
      lastMessage: (r.lastId && byId.get(r.lastId)) || null,
      unread: Number(r.unread),
    }));
    return { threads, totalUnread: threads.reduce((n, t) => n + t.unread, 0) };
  }

  /** The property as this reader may see it: theirs, or any for staff on the admin routes. */
  async function findProperty(
    request: FastifyRequest,
    hash: string,
    staff: boolean,
  ): Promise<Property | undefined> {
    if (staff) return app.properties.findByHash(hash);
    return (await app.properties.findForUser(request.user.userId, hash))?.property;
  }

  // Staff routes declare what the one permission check (issue 15) asks of them.
  const config: FastifyContextConfig = staff ? { access: { staff: ['messages.answer'] } } : {};
  const tags = [staff ? 'admin' : 'messages'];
  const paths = { thread: '', read: '/read' };

  return { staff, repo, toMessage, summaries, findProperty, config, tags, paths };
}

type ThreadContext = ReturnType<typeof threadContext>;

/** A property's thread: read it, write in it. */
function registerThread(app: ZodApp, ctx: ThreadContext) {
  const { staff, repo, toMessage, findProperty, config, tags, paths } = ctx;

  app.get(
    paths.thread,
    {
      config,
      schema: {
        tags,
        summary: staff ? "Any property's thread (staff)" : "A property's thread, oldest first",
        querystring: ZPropertyQuerySchema,
        response: { 200: ZThreadResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const property = await findProperty(request, request.query.property, staff);
      if (!property) return reply.code(404).send({ message: MESSAGES.notFound });
      const rows = await repo.thread(property.id);
      return {
        property: property.hash,
        streetAddress: streetAddressUnit(property.street, property.unit),
        messages: rows.map(toMessage),
      };
    },
  );

  app.post(
    paths.thread,
    {
      config,
      schema: {
        tags,
        summary: staff ? 'Answer in a thread as the company' : "Write in a property's thread",
        body: ZSendMessageRequestSchema,
        response: { 201: ZMessageSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { userId } = request.user;
      const property = await findProperty(request, request.body.property, staff);
      if (!property) return reply.code(404).send({ message: MESSAGES.notFound });
      if (!(await app.throttle.take(reply, LIMITS.messages, userId))) return reply;
      const row = await repo.create({
        propertyId: property.id,
        authorId: userId,
        fromStaff: staff,
        body: request.body.body,
      });
      await repo.markRead(userId, property.id, row.id);
      const message = toMessage(row);
      await app.realtime.publishToProperty(property.hash, {
        event: 'MessageCreated',
        data: message,
      });
      await app.webhooks.emit('message.received', { propertyId: property.id }, (ref) => ({
        property: ref,
        message: {
          hash: message.hash,
          fromStaff: message.fromStaff,
          author: message.author,
          body: message.body,
          createdAt: message.createdAt,
        },
      }));
      return reply.code(201).send(message);
    },
  );
}

/** Mark a thread read up to a message; every thread with its unread count. */
function registerReadAndList(app: ZodApp, ctx: ThreadContext) {
  const { staff, repo, findProperty, summaries, config, tags, paths } = ctx;

  app.post(
    paths.read,
    {
      config,
      schema: {
        tags,
        summary: 'Mark the thread read up to a message',
        body: ZMarkReadRequestSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const property = await findProperty(request, request.body.property, staff);
      if (!property) return reply.code(404).send({ message: MESSAGES.notFound });
      const id = await repo.idInProperty(property.id, request.body.upTo);
      if (!id) return reply.code(404).send({ message: MESSAGES.notFound });
      await repo.markRead(request.user.userId, property.id, id);
      return reply.code(204).send(null);
    },
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
    async (request) => {
      const { userId } = request.user;
      return summaries(await (staff ? repo.allThreads(userId) : repo.threadsForUser(userId)));
    },
  );
}
