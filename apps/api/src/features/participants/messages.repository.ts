import {
  type Db,
  messageReads,
  messages,
  messageThreads,
  newHash,
  properties,
  propertyParticipants,
  users,
} from '@lantern/db';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';

/** Newest messages a thread answers with; older history is out of scope for now. */
export const THREAD_PAGE = 200;

/**
 * Threads staff's list answers with, newest activity first: a page read from message_threads'
 * index, not every thread ever sorted (issue 46). Older quiet threads are reached by property.
 */
export const THREADS_PAGE = 200;

export interface MessageRow {
  id: number;
  hash: string;
  propertyHash: string;
  body: string;
  createdAt: Date;
  fromStaff: boolean;
  authorHash: string | null;
  authorName: string | null;
  authorEmail: string | null;
}

const columns = {
  id: messages.id,
  hash: messages.hash,
  propertyHash: properties.hash,
  body: messages.body,
  createdAt: messages.createdAt,
  fromStaff: messages.fromStaff,
  authorHash: users.hash,
  authorName: users.name,
  authorEmail: users.email,
};

/** Messages after the reader's mark, not written by the reader (staff: not written by staff). */
const unreadFor = (userId: number, staff: boolean) =>
  sql<number>`(select count(*) from ${messages} m where m.property_id = ${properties.id}
    and m.id > coalesce(${messageReads.lastReadId}, 0)
    and ${staff ? sql`m.from_staff = false` : sql`(m.author_id is null or m.author_id <> ${userId})`})::int`;

const lastId = sql<
  number | null
>`(select max(m.id) from ${messages} m where m.property_id = ${properties.id})`;

/** Messages with their property and author. */
function messageQueries(db: Db) {
  const base = () =>
    db
      .select(columns)
      .from(messages)
      .innerJoin(properties, eq(properties.id, messages.propertyId))
      .leftJoin(users, eq(users.id, messages.authorId));

  return { base };
}

/** Posting, reading and marking a property's messages. */
function messagePosts(db: Db) {
  const { base } = messageQueries(db);
  return {
    async create(input: {
      propertyId: number;
      authorId: number;
      fromStaff: boolean;
      body: string;
    }) {
      const row = await db.transaction(async (tx) => {
        const [added] = await tx
          .insert(messages)
          .values({ ...input, hash: newHash() })
          .returning({ id: messages.id });
        if (!added) throw new Error('insert returned nothing');
        // The thread's newest message, for staff's list in order of activity.
        await tx
          .insert(messageThreads)
          .values({ propertyId: input.propertyId, lastMessageId: added.id })
          .onConflictDoUpdate({
            target: messageThreads.propertyId,
            set: { lastMessageId: sql`greatest(${messageThreads.lastMessageId}, ${added.id})` },
          });
        return added;
      });
      const [full] = await base().where(eq(messages.id, row.id));
      if (!full) throw new Error('message vanished');
      return full;
    },

    /** The newest THREAD_PAGE messages of a property, oldest first. */
    async thread(propertyId: number): Promise<MessageRow[]> {
      const rows = await base()
        .where(eq(messages.propertyId, propertyId))
        .orderBy(desc(messages.id))
        .limit(THREAD_PAGE);
      return rows.reverse();
    },

    async byIds(ids: number[]): Promise<MessageRow[]> {
      if (!ids.length) return [];
      return base().where(inArray(messages.id, ids));
    },

    /** The id of a message of this property, by its hash. */
    async idInProperty(propertyId: number, hash: string): Promise<number | undefined> {
      const [row] = await db
        .select({ id: messages.id })
        .from(messages)
        .where(and(eq(messages.propertyId, propertyId), eq(messages.hash, hash)));
      return row?.id;
    },

    /** Move the reader's mark forward (never back: tabs may report out of order). */
    async markRead(userId: number, propertyId: number, upToId: number): Promise<void> {
      await db
        .insert(messageReads)
        .values({ userId, propertyId, lastReadId: upToId })
        .onConflictDoUpdate({
          target: [messageReads.userId, messageReads.propertyId],
          set: { lastReadId: sql`greatest(${messageReads.lastReadId}, ${upToId})` },
        });
    },
  };
}

/** The threads a user or staff see. */
function threadLists(db: Db) {
  return {
    /** The user's properties with their thread's unread count and newest message id. */
    async threadsForUser(userId: number) {
      return db
        .select({
          propertyId: properties.id,
          hash: properties.hash,
          street: properties.street,
          unit: properties.unit,
          unread: unreadFor(userId, false),
          lastId,
        })
        .from(propertyParticipants)
        .innerJoin(properties, eq(properties.id, propertyParticipants.propertyId))
        .leftJoin(
          messageReads,
          and(eq(messageReads.propertyId, properties.id), eq(messageReads.userId, userId)),
        )
        .where(eq(propertyParticipants.userId, userId))
        .orderBy(asc(propertyParticipants.id));
    },

    /**
     * The THREADS_PAGE properties with the newest activity, unread counted for staff: read from
     * message_threads' index in that order, not by sorting every thread's newest message.
     */
    async allThreads(staffUserId: number) {
      return db
        .select({
          propertyId: properties.id,
          hash: properties.hash,
          street: properties.street,
          unit: properties.unit,
          unread: unreadFor(staffUserId, true),
          lastId: messageThreads.lastMessageId,
        })
        .from(messageThreads)
        .innerJoin(properties, eq(properties.id, messageThreads.propertyId))
        .leftJoin(
          messageReads,
          and(eq(messageReads.propertyId, properties.id), eq(messageReads.userId, staffUserId)),
        )
        .orderBy(desc(messageThreads.lastMessageId))
        .limit(THREADS_PAGE);
    },
  };
}

/** Property threads (one per property) and how far each reader has read them. */
export function createMessageRepository(db: Db) {
  return { ...messagePosts(db), ...threadLists(db) };
}
export type MessageRepository = ReturnType<typeof createMessageRepository>;
