import {
  MESSAGES,
  streetAddressUnit,
  type TMarkReadRequest,
  type TMessage,
  type TSendMessageParsed,
} from '@lantern/contracts';
import type { Property } from '@lantern/db';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LIMITS } from '../../features/auth/throttle/limits.ts';
import type { MessageRow } from '../../features/participants/messages.repository.ts';
import type { ZodApp } from './zod-app.ts';

/**
 * Messages (issue 6): one thread per property among its participants and staff. These server
 * functions answer customers under /api/messages and v1's /api/v1/messages (the threads of
 * their own properties, issue 48), and staff under /api/admin/messages (every thread, answered
 * as the company): `staff` says which side reads and writes.
 */

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

const toMessage = (app: ZodApp) => (row: MessageRow) =>
  messageView(row, `${app.config.siteName} team`);

/** The property as this reader may see it: theirs, or any for staff on the admin routes. */
async function findProperty(
  app: ZodApp,
  request: FastifyRequest,
  hash: string,
  staff: boolean,
): Promise<Property | undefined> {
  if (staff) return app.properties.findByHash(hash);
  return (await app.properties.findForUser(request.user.userId, hash))?.property;
}

/** A property's thread, its newest messages oldest first; 404 when the reader may not see it. */
export async function readThread(
  app: ZodApp,
  staff: boolean,
  request: FastifyRequest,
  reply: FastifyReply,
  hash: string,
) {
  const property = await findProperty(app, request, hash, staff);
  if (!property) return reply.code(404).send({ message: MESSAGES.notFound });
  const rows = await app.messages.thread(property.id);
  return {
    property: property.hash,
    streetAddress: streetAddressUnit(property.street, property.unit),
    messages: rows.map(toMessage(app)),
  };
}

/** Write in a property's thread: 201 with the message, published live and to webhooks. */
export async function sendMessage(
  app: ZodApp,
  staff: boolean,
  request: FastifyRequest,
  reply: FastifyReply,
  input: TSendMessageParsed,
) {
  const { userId } = request.user;
  const property = await findProperty(app, request, input.property, staff);
  if (!property) return reply.code(404).send({ message: MESSAGES.notFound });
  if (!(await app.throttle.take(reply, LIMITS.messages, userId))) return reply;
  const row = await app.messages.create({
    propertyId: property.id,
    authorId: userId,
    fromStaff: staff,
    body: input.body,
  });
  await app.messages.markRead(userId, property.id, row.id);
  const message = toMessage(app)(row);
  await app.realtime.publishToProperty(property.hash, { event: 'MessageCreated', data: message });
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
}

/** Move the reader's mark in a thread forward to a message of it: 204, or 404. */
export async function markThreadRead(
  app: ZodApp,
  staff: boolean,
  request: FastifyRequest,
  reply: FastifyReply,
  input: TMarkReadRequest,
) {
  const property = await findProperty(app, request, input.property, staff);
  if (!property) return reply.code(404).send({ message: MESSAGES.notFound });
  const id = await app.messages.idInProperty(property.id, input.upTo);
  if (!id) return reply.code(404).send({ message: MESSAGES.notFound });
  await app.messages.markRead(request.user.userId, property.id, id);
  return reply.code(204).send(null);
}

/** Every thread the reader sees, each with its newest message and unread count. */
export async function threadList(app: ZodApp, staff: boolean, request: FastifyRequest) {
  const { userId } = request.user;
  const repo = app.messages;
  const rows = await (staff ? repo.allThreads(userId) : repo.threadsForUser(userId));
  const last = await repo.byIds(rows.flatMap((r) => (r.lastId ? [r.lastId] : [])));
  const byId = new Map(last.map((m) => [m.id, toMessage(app)(m)]));
  const threads = rows.map((r) => ({
    property: r.hash,
    streetAddress: streetAddressUnit(r.street, r.unit),
    lastMessage: (r.lastId && byId.get(r.lastId)) || null,
    unread: Number(r.unread),
  }));
  return { threads, totalUnread: threads.reduce((n, t) => n + t.unread, 0) };
}
