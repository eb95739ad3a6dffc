import { CONCIERGE_PRODUCT_SLUGS } from '@lantern/contracts';
import {
  type Db,
  mlsListings,
  orders,
  products,
  users,
  userVendorKinds,
  vendorAssignments,
} from '@lantern/db';
import { and, eq, type SQL, sql } from 'drizzle-orm';

/**
 * Who is a listing's concierge, and does it go to one (decisions 048, 065): the conditions the
 * concierge's queue and the MLS listing's signing both read, so neither imports the other.
 */
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const slugList = sql.join(
  CONCIERGE_PRODUCT_SLUGS.map((s) => sql`${s}`),
  sql`, `,
);

/** The property's concierge orders (decision 031's upgrades), by id. */
const conciergeOrderIds = (propertyId: SQL | typeof mlsListings.propertyId) =>
  sql`(select o.id from ${orders} o join ${products} p on p.id = o.product_id where o.property_id = ${propertyId} and p.slug in (${slugList}))`;

/**
 * A concierge assignment covering the listing (decision 048): kind concierge, the listing's
 * property, for the whole property or for the listing's order or one of the property's concierge
 * orders — held by someone who still has the concierge kind. `who` narrows it to one person.
 */
export function assignedConcierge(who?: number | SQL): SQL {
  return sql`exists (
    select 1 from ${vendorAssignments} va
    join ${userVendorKinds} vk on vk.user_id = va.user_id and vk.kind = 'concierge'
    where va.kind = 'concierge' and va.property_id = ${mlsListings.propertyId}
      ${who === undefined ? sql`` : sql`and va.user_id = ${who}`}
      and (va.order_id is null or va.order_id = ${mlsListings.orderId}
        or va.order_id in ${conciergeOrderIds(mlsListings.propertyId)}))`;
}

/** A paid (confirmed: decision 010) concierge order on the listing's property. */
const paidConciergeOrder = sql`exists (
  select 1 from ${orders} o join ${products} p on p.id = o.product_id
  where o.property_id = ${mlsListings.propertyId} and p.slug in (${slugList})
    and o.status = 'confirmed')`;

/** A paid (confirmed) concierge-listing order on the listing's property (issue 39). */
export const paidConciergeListing = sql`exists (
  select 1 from ${orders} o join ${products} p on p.id = o.product_id
  where o.property_id = ${mlsListings.propertyId} and p.slug = 'concierge-listing'
    and o.status = 'confirmed')`;

/** Inside an edit's transaction: is the listing a concierge listing (its owners' edits are history)? */
export async function isConciergeListing(tx: Tx, listingId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: mlsListings.id })
    .from(mlsListings)
    .where(and(eq(mlsListings.id, listingId), paidConciergeListing));
  return row !== undefined;
}

/**
 * Inside the signing transaction: does the listing go to a concierge first? It does when the
 * property has a paid concierge order and someone is assigned as its concierge.
 */
export async function goesToConcierge(tx: Tx, listingId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: mlsListings.id })
    .from(mlsListings)
    .where(and(eq(mlsListings.id, listingId), paidConciergeOrder, assignedConcierge()));
  return row !== undefined;
}

/** The email addresses of the concierges assigned to the listing now (to tell them it waits). */
export async function conciergeEmails(db: Db | Tx, listingId: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ email: users.email })
    .from(users)
    .innerJoin(vendorAssignments, eq(vendorAssignments.userId, users.id))
    .innerJoin(mlsListings, eq(mlsListings.propertyId, vendorAssignments.propertyId))
    .where(and(eq(mlsListings.id, listingId), assignedConcierge(sql`${users.id}`)));
  return rows.map((r) => r.email);
}
