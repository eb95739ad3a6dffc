import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { calendarDate, createdAt, serialId } from './columns.ts';
import { users } from './users.ts';

/**
 * The mortgage rate the payment estimate of a listing's page uses (issue 47;
 * docs/decisions/090-monthly-payment-estimate.md), as staff set it at Admin → Mortgage rate with
 * the day it is of and where it comes from. Rows are never changed or removed: a new rate is a
 * new row, the newest is the current one, and the earlier ones are its history.
 */
export const mortgageRates = pgTable(
  'mortgage_rates',
  {
    id: serialId(),
    /** Thousandths of a percent: 6875 is 6.875 %. */
    rateThousandths: integer('rate_thousandths').notNull(),
    /** The day the source gave the rate for. */
    asOf: calendarDate('as_of').notNull(),
    /** Who published the rate, e.g. a survey's name. */
    source: text('source').notNull(),
    /** Where to read it (https), when there is a page. */
    sourceUrl: text('source_url'),
    /** Who set it; null once that account is gone. */
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('mortgage_rates_rate', sql`${t.rateThousandths} between 1 and 20000`),
    check('mortgage_rates_source', sql`char_length(${t.source}) between 1 and 120`),
    check(
      'mortgage_rates_source_url',
      sql`${t.sourceUrl} is null or (${t.sourceUrl} ~ '^https://' and char_length(${t.sourceUrl}) <= 2000)`,
    ),
  ],
);
export type MortgageRateRow = typeof mortgageRates.$inferSelect;
