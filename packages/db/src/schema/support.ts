import { SUPPORT_TICKET_STATES } from '@lantern/domain';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgEnum, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, keyColumns, serialId, tz, updatedAt } from './columns.ts';
import { properties } from './properties.ts';
import { users } from './users.ts';

export const supportTicketState = pgEnum('support_ticket_state', SUPPORT_TICKET_STATES);

/**
 * A customer's support ticket (issue 23; docs/decisions/036): a subject, optionally one of their
 * properties, a thread, a state and the staff member handling it.
 */
export const supportTickets = pgTable(
  'support_tickets',
  {
    ...keyColumns(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    propertyId: integer('property_id').references(() => properties.id, { onDelete: 'set null' }),
    subject: text('subject').notNull(),
    state: supportTicketState('state').notNull().default('open'),
    assigneeId: integer('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    lastMessageAt: tz('last_message_at').notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // With the id: a customer's tickets a page at a time, ties in id order (decision 086).
    index('support_tickets_user_idx').on(t.userId, t.lastMessageAt, t.id),
    index('support_tickets_state_idx').on(t.state, t.lastMessageAt),
  ],
);

export const supportTicketMessages = pgTable(
  'support_ticket_messages',
  {
    id: serialId(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** Written by staff: shown as the company. */
    fromStaff: boolean('from_staff').notNull().default(false),
    body: text('body').notNull(),
    /** The Message-ID of a customer's reply by mail (issue 22's relay): stored once per ticket. */
    emailMessageId: text('email_message_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('support_ticket_messages_ticket_idx').on(t.ticketId, t.id),
    uniqueIndex('support_ticket_messages_email_idx')
      .on(t.ticketId, t.emailMessageId)
      .where(sql`${t.emailMessageId} is not null`),
  ],
);

export type SupportTicket = typeof supportTickets.$inferSelect;
export type SupportTicketMessage = typeof supportTicketMessages.$inferSelect;
