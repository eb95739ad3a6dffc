import { REFERRAL_STATUSES } from '@lantern/domain';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgEnum, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, serialId, tz, updatedAt } from './columns.ts';
import { properties } from './properties.ts';
import { users } from './users.ts';

export const referralStatus = pgEnum('referral_status', REFERRAL_STATUSES);

/**
 * A real estate license staff have on file for a person (issue 23): referral fees are paid only
 * to a referrer licensed in the property's state on the day of payment. One per person and state.
 */
export const realEstateLicenses = pgTable(
  'real_estate_licenses',
  {
    id: serialId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Two-letter state code. */
    state: text('state').notNull(),
    number: text('number').notNull(),
    /** YYYY-MM-DD, the last day it is valid. */
    expiresOn: text('expires_on').notNull(),
    addedBy: integer('added_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('real_estate_licenses_user_state_idx').on(t.userId, t.state)],
);

/**
 * Who referred whom, for which property, and the fee (issue 23; the vendor area shows a
 * referrer their own). Money records outlive accounts: a referrer with referrals cannot be
 * deleted, and the customer's address is kept as it was when referred.
 */
export const referrals = pgTable(
  'referrals',
  {
    id: serialId(),
    hash: text('hash').notNull().unique(),
    referrerId: integer('referrer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    customerId: integer('customer_id').references(() => users.id, { onDelete: 'set null' }),
    customerEmail: text('customer_email').notNull(),
    propertyId: integer('property_id').references(() => properties.id, { onDelete: 'set null' }),
    feeCents: integer('fee_cents').notNull(),
    status: referralStatus('status').notNull().default('pending'),
    earnedAt: tz('earned_at'),
    paidAt: tz('paid_at'),
    /** How it was paid (check number, transfer reference), as staff wrote it. */
    paidReference: text('paid_reference'),
    /** The license it was paid under, as it stood then. */
    paidLicense: text('paid_license'),
    notes: text('notes').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('referrals_referrer_idx').on(t.referrerId, t.createdAt),
    index('referrals_status_idx').on(t.status, t.createdAt),
    check('referrals_fee', sql`${t.feeCents} >= 0`),
  ],
);

/**
 * A referrer's invitation to a person (issue 24; docs/decisions/051-vendor-referrals.md): mailed
 * with a single-use link whose token is kept only as a SHA-256. Taking it up links the account to
 * the referrer (`customer_id`, `accepted_at`); a customer is linked to one referrer at most.
 */
export const referralInvitations = pgTable(
  'referral_invitations',
  {
    id: serialId(),
    hash: text('hash').notNull().unique(),
    referrerId: integer('referrer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    note: text('note').notNull().default(''),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: tz('expires_at').notNull(),
    customerId: integer('customer_id').references(() => users.id, { onDelete: 'set null' }),
    acceptedAt: tz('accepted_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('referral_invitations_referrer_idx').on(t.referrerId, t.createdAt),
    index('referral_invitations_email_idx').on(sql`lower(${t.email})`),
    uniqueIndex('referral_invitations_customer_idx')
      .on(t.customerId)
      .where(sql`${t.customerId} is not null`),
  ],
);

export type Referral = typeof referrals.$inferSelect;
export type ReferralInvitation = typeof referralInvitations.$inferSelect;
export type RealEstateLicense = typeof realEstateLicenses.$inferSelect;
