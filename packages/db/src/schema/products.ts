import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, serialId, updatedAt } from './columns.ts';
import { propertyRole } from './properties.ts';
import { users } from './users.ts';

/**
 * The services catalogue (spec sections 1 and 3). Which property gets which service is data:
 * see productCoverage. Seeded by seed/products.ts; docs/decisions/004-services-catalogue.md.
 */
export const products = pgTable('products', {
  id: serialId(),
  /** A service slug of spec section 3, e.g. mls-listing-state or lantern-signs. */
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  /** Integer US cents; null when the price is quoted per property rather than fixed. */
  priceCents: integer('price_cents'),
  /**
   * A refundable deposit charged with it (the lockbox's $100), as its own invoice line: not
   * taxed, not discounted, and returned as a refund when the service ends. Null: none.
   */
  depositCents: integer('deposit_cents'),
  description: text('description').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Where, and to whom, a product is offered: a property in `state` (and in `county`, when set)
 * gets the product if the user's role on it is among `roles` (null: every role).
 */
export const productCoverage = pgTable(
  'product_coverage',
  {
    id: serialId(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** USPS two-letter code, upper case (the 50 states and DC). */
    state: text('state').notNull(),
    /** County as the geocoders write it ('Sangamon County'); null covers the whole state. */
    county: text('county'),
    roles: propertyRole('roles').array(),
  },
  (t) => [
    index('product_coverage_state_idx').on(t.state),
    uniqueIndex('product_coverage_product_place_idx').on(
      t.productId,
      t.state,
      sql`coalesce(lower(${t.county}), '')`,
    ),
  ],
);

/**
 * What we pay a vendor for carrying out one order of a product (issue 20, "vendor-agent prices";
 * docs/decisions/028-coverage-and-mls-admin.md): a default per product (`vendor_user_id` null)
 * and, where one vendor has agreed another figure, an override for that vendor. Integer cents.
 */
export const vendorPrices = pgTable(
  'vendor_prices',
  {
    id: serialId(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The vendor this price is agreed with; null: the default for every vendor. */
    vendorUserId: integer('vendor_user_id').references(() => users.id, { onDelete: 'cascade' }),
    priceCents: integer('price_cents').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('vendor_prices_product_vendor_idx').on(
      t.productId,
      sql`coalesce(${t.vendorUserId}, 0)`,
    ),
    index('vendor_prices_vendor_idx').on(t.vendorUserId),
    check('vendor_prices_price_cents', sql`${t.priceCents} >= 0`),
  ],
);

/**
 * The one-off repair of who may order (issue 36; migration 0043, docs/decisions/054): each
 * product whose roles differed from the catalogue, and what was done. `restored`: its roles were
 * exactly the listing-side set a faulty Products page wrote, and were put back from the
 * catalogue; `kept`: they differ otherwise, so staff chose them, and they were left alone.
 */
export const productRoleRepairs = pgTable(
  'product_role_repairs',
  {
    id: serialId(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    outcome: text('outcome').notNull(),
    /** The roles found (its first coverage row's, as the page shows them); null: every role. */
    rolesFound: propertyRole('roles_found').array(),
    /** The catalogue's roles for it; null: every role. */
    catalogueRoles: propertyRole('catalogue_roles').array(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('product_role_repairs_product_idx').on(t.productId),
    check('product_role_repairs_outcome', sql`${t.outcome} in ('restored', 'kept')`),
  ],
);

export type Product = typeof products.$inferSelect;
export type VendorPrice = typeof vendorPrices.$inferSelect;
export type ProductCoverage = typeof productCoverage.$inferSelect;
