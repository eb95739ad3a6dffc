import {
  type Db,
  newHash,
  properties,
  propertyParticipants,
  type SupportTicket,
  supportTicketMessages,
  supportTickets,
  type Tx,
  users,
} from '@lantern/db';
import type { TSupportTicketState } from '@lantern/domain';
import { and, asc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  afterCursor,
  type KeysetSort,
  keysetOrder,
  type PageWindow,
  sortText,
  toPage,
} from '../../lib/keyset.ts';
import { escapeLike } from '../jobs/jobs.repository.ts';

const customer = alias(users, 'customer');
const assignee = alias(users, 'assignee');

const ticketColumns = {
  ticket: supportTickets,
  propertyHash: properties.hash,
  street: properties.street,
  unit: properties.unit,
  city: properties.city,
  state: properties.state,
  customerHash: customer.hash,
  customerEmail: customer.email,
  assigneeHash: assignee.hash,
  assigneeEmail: assignee.email,
};

/** A customer's tickets, latest activity first, then the newest. */
const LATEST: KeysetSort = { expr: supportTickets.lastMessageAt, type: 'timestamptz', dir: 'desc' };

/** Tickets with their property and people. */
const tickets = <E extends Record<string, SQL>>(q: Db | Tx, extra: E = {} as E) =>
  q
    .select({ ...ticketColumns, ...extra })
    .from(supportTickets)
    .innerJoin(customer, eq(customer.id, supportTickets.userId))
    .leftJoin(assignee, eq(assignee.id, supportTickets.assigneeId))
    .leftJoin(properties, eq(properties.id, supportTickets.propertyId))
    .$dynamic();

/** A user's property, new tickets, and tickets and messages read. */
function ticketReads(db: Db) {
  return {
    /** The property, when the user takes part in it. */
    async propertyOf(userId: number, hash: string) {
      const [row] = await db
        .select({ id: properties.id })
        .from(properties)
        .innerJoin(propertyParticipants, eq(propertyParticipants.propertyId, properties.id))
        .where(and(eq(properties.hash, hash), eq(propertyParticipants.userId, userId)));
      return row;
    },

    /** A new ticket with its first message, in one transaction. */
    async create(input: {
      userId: number;
      propertyId: number | null;
      subject: string;
      body: string;
    }): Promise<SupportTicket> {
      return db.transaction(async (tx) => {
        const [ticket] = await tx
          .insert(supportTickets)
          .values({
            hash: newHash(),
            userId: input.userId,
            propertyId: input.propertyId,
            subject: input.subject,
          })
          .returning();
        if (!ticket) throw new Error('ticket not inserted');
        await tx
          .insert(supportTicketMessages)
          .values({ ticketId: ticket.id, authorId: input.userId, body: input.body });
        return ticket;
      });
    },

    /** The customer's own tickets, latest activity first. */
    ofUser: (userId: number) =>
      tickets(db)
        .where(eq(supportTickets.userId, userId))
        .orderBy(...keysetOrder(LATEST, supportTickets.id))
        .limit(200),

    /** One ticket; with `userId`, only when it is theirs. */
    /** A ticket by its id (a reply by mail names only that). */
    async findById(id: number) {
      const [row] = await tickets(db).where(eq(supportTickets.id, id));
      return row;
    },

    async find(hash: string, userId?: number) {
      const [row] = await tickets(db).where(
        and(
          eq(supportTickets.hash, hash),
          userId === undefined ? undefined : eq(supportTickets.userId, userId),
        ),
      );
      return row;
    },

    messages: (ticketId: number) =>
      db
        .select({
          id: supportTicketMessages.id,
          fromStaff: supportTicketMessages.fromStaff,
          body: supportTicketMessages.body,
          at: supportTicketMessages.createdAt,
          authorEmail: users.email,
          authorName: users.name,
        })
        .from(supportTicketMessages)
        .leftJoin(users, eq(users.id, supportTicketMessages.authorId))
        .where(eq(supportTicketMessages.ticketId, ticketId))
        .orderBy(asc(supportTicketMessages.id)),
  };
}

/** Replies and changes to a ticket. */
function ticketReplies(db: Db) {
  return {
    /** Add a message and set the state, under the ticket's row lock. */
    /**
     * Add a message and set the state, under the ticket's row lock. A reply by mail whose
     * Message-ID the ticket already has adds nothing and changes nothing: false then.
     */
    async reply(
      ticketId: number,
      message: {
        authorId: number;
        fromStaff: boolean;
        body: string;
        emailMessageId?: string | null;
      },
      state: TSupportTicketState,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        await tx
          .select({ id: supportTickets.id })
          .from(supportTickets)
          .where(eq(supportTickets.id, ticketId))
          .for('update');
        const [added] = await tx
          .insert(supportTicketMessages)
          .values({ ticketId, ...message })
          .onConflictDoNothing()
          .returning({ id: supportTicketMessages.id });
        if (!added) return false;
        await tx
          .update(supportTickets)
          .set({ state, lastMessageAt: sql`now()`, updatedAt: sql`now()` })
          .where(eq(supportTickets.id, ticketId));
        return true;
      });
    },

    async update(
      ticketId: number,
      patch: { state?: TSupportTicketState; assigneeId?: number | null },
    ): Promise<void> {
      await db
        .update(supportTickets)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(supportTickets.id, ticketId));
    },
  };
}

/** Staff's page of tickets, and a customer's through /api/v1. */
function ticketPages(db: Db) {
  return {
    /** One page of a customer's own tickets under /api/v1 (decision 086), on support_tickets_user_idx. */
    async pageOfUser(userId: number, window: PageWindow) {
      const rows = await tickets(db, {
        sortKey: sortText(LATEST),
        keyId: sql<number>`${supportTickets.id}`,
      })
        .where(
          and(
            eq(supportTickets.userId, userId),
            afterCursor(LATEST, supportTickets.id, window.cursor),
          ),
        )
        .orderBy(...keysetOrder(LATEST, supportTickets.id))
        .limit(window.limit + 1);
      return toPage(rows, window.limit);
    },

    /** Staff's queue: by state and who handles it, latest activity first. */
    async page(
      q: {
        state: 'all' | TSupportTicketState;
        assigned: 'anyone' | 'me' | 'nobody';
        search?: string | undefined;
        dir: 'asc' | 'desc';
        limit: number;
        cursor?: string | undefined;
      },
      staffId: number,
    ) {
      const sort: KeysetSort = {
        expr: supportTickets.lastMessageAt,
        type: 'timestamptz',
        dir: q.dir,
      };
      const term = q.search ? `%${escapeLike(q.search)}%` : undefined;
      const rows = await tickets(db, {
        sortKey: sortText(sort),
        keyId: sql<number>`${supportTickets.id}`,
      })
        .where(
          and(
            q.state === 'all' ? undefined : eq(supportTickets.state, q.state),
            q.assigned === 'me' ? eq(supportTickets.assigneeId, staffId) : undefined,
            q.assigned === 'nobody' ? isNull(supportTickets.assigneeId) : undefined,
            term
              ? sql`(${supportTickets.subject} || ' ' || ${customer.email}) ilike ${term}`
              : undefined,
            afterCursor(sort, supportTickets.id, q.cursor),
          ),
        )
        .orderBy(...keysetOrder(sort, supportTickets.id))
        .limit(q.limit + 1);
      return toPage(rows, q.limit);
    },
  };
}

/** Support tickets and their threads (issue 23). */
export function createSupportTicketRepository(db: Db) {
  return { ...ticketReads(db), ...ticketReplies(db), ...ticketPages(db) };
}
export type SupportTicketRepository = ReturnType<typeof createSupportTicketRepository>;
