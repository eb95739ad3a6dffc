import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, serialId, tz } from './columns.ts';
import { users } from './users.ts';

/** A social sign-in account (Apple, Google, Microsoft) linked to one of our users. */
export const identities = pgTable(
  'identities',
  {
    id: serialId(),
    /** 'apple' | 'google' | 'microsoft' (contracts: SOCIAL_PROVIDERS). */
    provider: text('provider').notNull(),
    /** The ID token's `sub`: the provider's stable id for this person. */
    subject: text('subject').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The email the provider last vouched for; informational, never used to sign in. */
    email: text('email'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('identities_provider_subject_idx').on(t.provider, t.subject),
    index('identities_user_idx').on(t.userId),
  ],
);

/**
 * One social sign-in attempt before any session exists: the state and nonce sent to the provider,
 * found again through a short-lived httpOnly cookie, used once (docs/decisions/006-social-sign-in.md).
 */
export const oauthAttempts = pgTable(
  'oauth_attempts',
  {
    /** SHA-256 of the cookie token: a leaked table cannot be replayed as cookies. */
    id: text('id').primaryKey(),
    provider: text('provider').notNull(),
    state: text('state').notNull(),
    nonce: text('nonce').notNull(),
    expiresAt: tz('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('oauth_attempts_expires_idx').on(t.expiresAt)],
);

export type Identity = typeof identities.$inferSelect;
export type OauthAttempt = typeof oauthAttempts.$inferSelect;
