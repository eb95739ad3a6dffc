import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, serialId, tz } from './columns.ts';
import { listings } from './listings.ts';
import { users } from './users.ts';

/**
 * A buyer's question about a public listing (issue 22, "Inquiries and email forwarding";
 * docs/decisions/041): asked on the listing page, forwarded to the listing's owners by mail and
 * answered through the relay, so neither side sees the other's address until they choose.
 */
export const listingInquiries = pgTable(
  'listing_inquiries',
  {
    id: serialId(),
    /** Public id (the dashboard's links). */
    hash: text('hash').notNull().unique(),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    buyerName: text('buyer_name').notNull(),
    /** Never shown to the seller: the relay writes to it. */
    buyerEmail: text('buyer_email').notNull(),
    buyerPhone: text('buyer_phone'),
    lastMessageAt: tz('last_message_at').notNull().defaultNow(),
    /** When an owner last opened the thread; a buyer's message after it is unread. */
    sellerReadAt: tz('seller_read_at'),
    createdAt: createdAt(),
  },
  (t) => [index('listing_inquiries_listing_idx').on(t.listingId, t.lastMessageAt)],
);
export type ListingInquiry = typeof listingInquiries.$inferSelect;

/** One message of an inquiry's thread, either side's, however it came (form, mail, dashboard). */
export const inquiryMessages = pgTable(
  'inquiry_messages',
  {
    id: serialId(),
    inquiryId: integer('inquiry_id')
      .notNull()
      .references(() => listingInquiries.id, { onDelete: 'cascade' }),
    /** 'buyer' or 'seller'. */
    side: text('side').notNull(),
    /** 'form' (the listing page), 'email' (a reply through the relay), 'dashboard'. */
    via: text('via').notNull(),
    /** The owner who wrote a seller's message, when known. */
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    /** The Message-ID of a mail that brought it: the same mail delivered twice is stored once. */
    emailMessageId: text('email_message_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('inquiry_messages_inquiry_idx').on(t.inquiryId, t.createdAt),
    uniqueIndex('inquiry_messages_email_idx')
      .on(t.inquiryId, t.emailMessageId)
      .where(sql`${t.emailMessageId} is not null`),
    check('inquiry_messages_side', sql`${t.side} in ('buyer', 'seller')`),
    check('inquiry_messages_via', sql`${t.via} in ('form', 'email', 'dashboard')`),
  ],
);
export type InquiryMessage = typeof inquiryMessages.$inferSelect;
