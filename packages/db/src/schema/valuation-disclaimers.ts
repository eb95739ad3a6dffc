import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns.ts';
import { users } from './users.ts';

/**
 * The disclaimer a state's valuation reports carry after the fixed sentence
 * (docs/decisions/062-valuation-disclaimers.md), as staff set it. A state without a row carries
 * our default wording (`VALUATION_DISCLAIMER_DEFAULT` in packages/contracts); putting a state
 * back to the default deletes its row.
 */
export const valuationDisclaimers = pgTable(
  'valuation_disclaimers',
  {
    /** USPS code of a state or DC. */
    state: text('state').primaryKey(),
    text: text('text').notNull(),
    updatedAt: updatedAt(),
    /** Who set it last; null once that account is gone. */
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('valuation_disclaimers_state', sql`${t.state} ~ '^[A-Z]{2}$'`),
    check('valuation_disclaimers_text', sql`char_length(${t.text}) between 1 and 2000`),
  ],
);
export type ValuationDisclaimerRow = typeof valuationDisclaimers.$inferSelect;
