import { boolean, index, integer, pgEnum, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, serialId, tz } from './columns.ts';
import { users } from './users.ts';

export const passwordResetKind = pgEnum('password_reset_kind', ['link', 'pin']);

/**
 * Password reset links. The emailed token is `selector.verifier`: the selector finds the row, and
 * only a SHA-256 of the verifier is kept, compared in constant time, so neither a leaked table
 * nor response timing yields a working link. A new request replaces the user's earlier links.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: serialId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `link`: emailed token; `pin`: 6-digit PIN by text to a verified phone. */
    kind: passwordResetKind('kind').notNull().default('link'),
    selector: text('selector').notNull(),
    verifierHash: text('verifier_hash').notNull(),
    /** Wrong PINs so far; the fifth voids the PIN. */
    failures: integer('failures').notNull().default(0),
    expiresAt: tz('expires_at').notNull(),
    usedAt: tz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('password_resets_selector_idx').on(t.selector),
    index('password_resets_user_idx').on(t.userId),
  ],
);

/**
 * TOTP two-factor sign-in (RFC 6238). The shared secret is kept encrypted with a key derived from
 * SESSION_SECRET; `confirmedAt` is null while enrolment waits for the first correct code.
 * `lastStep` is the newest 30-second step accepted, so one code never signs in twice.
 */
export const twoFactorSecrets = pgTable('two_factor_secrets', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  confirmedAt: tz('confirmed_at'),
  lastStep: integer('last_step').notNull().default(0),
  createdAt: createdAt(),
});

/** Ten single-use recovery codes per user, stored as keyed hashes. */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: serialId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: tz('used_at'),
  },
  (t) => [index('two_factor_recovery_codes_user_idx').on(t.userId)],
);

/**
 * A sign-in waiting for its second factor: the password (or social provider) was accepted but no
 * session exists yet. The browser holds a random token; only its HMAC is stored here.
 */
export const twoFactorChallenges = pgTable(
  'two_factor_challenges',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    remember: boolean('remember').notNull().default(false),
    failures: integer('failures').notNull().default(0),
    expiresAt: tz('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('two_factor_challenges_user_idx').on(t.userId)],
);

/**
 * Email verification of an account (issue 8). Verification belongs to an address: it counts only
 * while `email` still equals the user's email. `sentAt` paces the resend button.
 */
export const emailVerifications = pgTable('email_verifications', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  verifiedAt: tz('verified_at'),
  sentAt: tz('sent_at'),
});

/**
 * A user's phone for texts (issue 8): `phone` is verified when `verifiedAt` is set. A number
 * being verified waits in `pendingPhone` with a keyed hash of its 6-digit code.
 */
export const userPhones = pgTable('user_phones', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  phone: text('phone'),
  verifiedAt: tz('verified_at'),
  pendingPhone: text('pending_phone'),
  codeHash: text('code_hash'),
  codeExpiresAt: tz('code_expires_at'),
  codeFailures: integer('code_failures').notNull().default(0),
});

export type PasswordReset = typeof passwordResets.$inferSelect;
