import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, serialId, tz, updatedAt } from './columns.ts';

const timestamps = {
  createdAt: createdAt(),
  updatedAt: updatedAt(),
};

/**
 * Staff roles made of named permissions (packages/contracts/src/staff/permissions.ts). The owner
 * role holds every permission whatever its list says and cannot be edited or removed.
 */
export const staffRoles = pgTable('staff_roles', {
  id: serialId(),
  /** Stable identifier used in URLs and the seed CLI, e.g. `operations`. */
  key: text('key').notNull().unique(),
  name: text('name').notNull().unique(),
  description: text('description').notNull().default(''),
  permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
  isOwner: boolean('is_owner').notNull().default(false),
  ...timestamps,
});

export const users = pgTable(
  'users',
  {
    id: serialId(),
    /** Public id: random, not guessable; the only id a client ever sees. */
    hash: text('hash').notNull().unique(),
    email: text('email').notNull(),
    /** argon2id PHC string; null for accounts that only sign in socially. */
    passwordHash: text('password_hash'),
    /**
     * The staff role (issue 15): null for customers and vendors. Any role makes the person staff
     * (`admin: true` in GET /api/user); what they may do is the role's permissions.
     */
    staffRoleId: integer('staff_role_id').references(() => staffRoles.id, {
      onDelete: 'restrict',
    }),
    promoOptin: boolean('promo_optin').notNull().default(false),
    /** Account Settings (issue 6): how we address the person; optional. */
    name: text('name'),
    /** Account Settings: E.164, from the phone input; optional. */
    phone: text('phone'),
    /**
     * Set while staff have locked the account (issue 20): it cannot sign in, and locking ended its
     * sessions. Null for every account in good standing.
     */
    lockedAt: tz('locked_at'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    index('users_staff_role_idx').on(t.staffRoleId),
    index('users_created_idx').on(t.createdAt, t.id),
    // Staff's account search (any part of an email or a name) through trigrams (decision 088);
    // written at once, not through a pending list every search would read until a vacuum.
    index('users_email_trgm_idx')
      .using('gin', sql`${t.email} extensions.gin_trgm_ops`)
      .with({ fastupdate: false }),
    index('users_name_trgm_idx')
      .using('gin', sql`${t.name} extensions.gin_trgm_ops`)
      .with({ fastupdate: false }),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** HMAC-SHA256 of the cookie token: a leaked table cannot be replayed as cookies. */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    remember: boolean('remember').notNull().default(false),
    expiresAt: tz('expires_at').notNull(),
    lastSeenAt: tz('last_seen_at').notNull().defaultNow(),
    createdAt: createdAt(),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

export type User = typeof users.$inferSelect;
export type StaffRole = typeof staffRoles.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type Session = typeof sessions.$inferSelect;
