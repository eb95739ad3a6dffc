import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, serialId, tz } from './columns.ts';
import { users } from './users.ts';

/**
 * Personal access tokens (issue 25; docs/decisions/052-public-api-and-tokens.md): a person's
 * token for the public API, acting as them within its scopes. Only the SHA-256 of the token is
 * stored; `prefix` is its first characters, shown so its owner can tell tokens apart. Revoking
 * deletes the row.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: serialId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    prefix: text('prefix').notNull(),
    scopes: text('scopes').array().notNull().default(sql`'{}'::text[]`),
    expiresAt: tz('expires_at').notNull(),
    lastUsedAt: tz('last_used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('api_tokens_user_idx').on(t.userId)],
);
export type ApiTokenRow = typeof apiTokens.$inferSelect;
