import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { tz } from './columns.ts';

/** Fixed-window counters shared by every instance (sign-in throttling, sign-up and geocoding limits). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: tz('reset_at').notNull(),
});
