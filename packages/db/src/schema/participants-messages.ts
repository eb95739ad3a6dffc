import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, serialId, tz } from './columns.ts';
import { properties, propertyRole } from './properties.ts';
import { users } from './users.ts';

/**
 * An invitation to take part in a property (issue 6). Only a SHA-256 of the emailed token is
 * kept, so a leaked table cannot be turned into working links; a row is used once.
 */
export const propertyInvitations = pgTable(
  'property_invitations',
  {
    id: serialId(),
    /** Public id for revoking from the participants page. */
    hash: text('hash').notNull().unique(),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: propertyRole('role').notNull(),
    canEdit: boolean('can_edit').notNull().default(false),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: tz('expires_at').notNull(),
    acceptedAt: tz('accepted_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('property_invitations_property_idx').on(t.propertyId),
    index('property_invitations_email_idx').on(sql`lower(${t.email})`),
  ],
);

/** One conversation per property among its participants and staff (docs/decisions/011). */
export const messages = pgTable(
  'messages',
  {
    id: serialId(),
    hash: text('hash').notNull().unique(),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** Written from /admin/messages: shown as the company, not as a person. */
    fromStaff: boolean('from_staff').notNull().default(false),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('messages_property_idx').on(t.propertyId, t.id)],
);

/** How far each reader has read each property's thread: unread = later messages by others. */
export const messageReads = pgTable(
  'message_reads',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    lastReadId: integer('last_read_id').notNull().default(0),
  },
  (t) => [uniqueIndex('message_reads_user_property_idx').on(t.userId, t.propertyId)],
);

export type PropertyInvitation = typeof propertyInvitations.$inferSelect;
export type Message = typeof messages.$inferSelect;

/**
 * A property's thread, once it has a message: its newest message's id, kept as each message is
 * written, so staff's thread list reads threads in order of activity from an index instead of
 * grouping and sorting every message (issue 46, docs/decisions/084).
 */
export const messageThreads = pgTable(
  'message_threads',
  {
    propertyId: integer('property_id')
      .primaryKey()
      .references(() => properties.id, { onDelete: 'cascade' }),
    lastMessageId: integer('last_message_id').notNull(),
  },
  (t) => [index('message_threads_last_idx').on(t.lastMessageId)],
);
