import { integer, pgTable, real, smallint } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns.ts';
import { properties } from './properties.ts';
import { users } from './users.ts';

/**
 * The facts a homeowner gives about the home (issue 38): what the valuation engine's `customer`
 * mode reads. One row per property; a missing fact is null and is not adjusted for.
 */
export const propertyFacts = pgTable('property_facts', {
  propertyId: integer('property_id')
    .primaryKey()
    .references(() => properties.id, { onDelete: 'cascade' }),
  bedrooms: smallint('bedrooms'),
  /** Full baths + ½ per half bath. */
  bathrooms: real('bathrooms'),
  livingArea: integer('living_area'),
  lotSizeSquareFeet: integer('lot_size_square_feet'),
  yearBuilt: smallint('year_built'),
  /** 1 (poor) … 5 (excellent), the engine's condition scale. */
  condition: smallint('condition'),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
});
