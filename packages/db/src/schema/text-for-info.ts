import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, serialId, tz } from './columns.ts';
import { listings } from './listings.ts';
import { texts } from './texts.ts';
import { users } from './users.ts';

/**
 * Text for info (issue 22; docs/decisions/044-text-for-info.md). A public listing's 5-digit code,
 * given the first time it is needed (its page or its owners' tab) and kept while the listing
 * exists: unique, so no two listings share one, and freed only when the listing row goes.
 */
export const listingTextCodes = pgTable('listing_text_codes', {
  listingId: integer('listing_id')
    .primaryKey()
    .references(() => listings.id, { onDelete: 'cascade' }),
  code: text('code').notNull().unique(),
  createdAt: createdAt(),
});

/**
 * A buyer who texted a listing's code: one row per listing and number, with the first and latest
 * text and how many. Owners with lead texts on are texted when the row is made, not per text.
 */
export const listingTextLeads = pgTable(
  'listing_text_leads',
  {
    id: serialId(),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    /** The buyer's number, E.164. */
    phone: text('phone').notNull(),
    /** Their first text with the code (the texts table has every one). */
    firstTextId: integer('first_text_id').references(() => texts.id, { onDelete: 'set null' }),
    textCount: integer('text_count').notNull().default(1),
    firstAt: tz('first_at').notNull().defaultNow(),
    lastAt: tz('last_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('listing_text_leads_listing_phone_idx').on(t.listingId, t.phone),
    index('listing_text_leads_listing_last_idx').on(t.listingId, t.lastAt),
  ],
);

/**
 * An owner's consent to get a listing's leads by text, on the verified number they had then.
 * Turning it off keeps the row (when and how it was given stays on record) with `offAt` set;
 * turning it on again starts a new consent on the same row.
 */
export const listingLeadTextOptIns = pgTable(
  'listing_lead_text_opt_ins',
  {
    id: serialId(),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The number they agreed to get the texts on (their verified phone, decision 012). */
    phone: text('phone').notNull(),
    /** How they agreed: `dashboard` (the Text for info tab). */
    onVia: text('on_via').notNull(),
    /** The words they agreed to, as shown. */
    consentText: text('consent_text').notNull(),
    onAt: tz('on_at').notNull().defaultNow(),
    /** When and how they turned it off (`dashboard`); null while on. */
    offAt: tz('off_at'),
    offVia: text('off_via'),
  },
  (t) => [uniqueIndex('listing_lead_text_opt_ins_listing_user_idx').on(t.listingId, t.userId)],
);

export type ListingTextLead = typeof listingTextLeads.$inferSelect;
export type ListingLeadTextOptIn = typeof listingLeadTextOptIns.$inferSelect;
