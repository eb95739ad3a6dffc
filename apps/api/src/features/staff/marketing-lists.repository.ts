import type { TMarketingOptIn } from '@lantern/contracts';
import {
  type Db,
  newsletterSubscribers,
  orders,
  products,
  properties,
  propertyParticipants,
  users,
} from '@lantern/db';
import { and, eq, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { afterCursor, type KeysetSort, keysetOrder, sortText, toPage } from '../../lib/keyset.ts';
import { escapeLike } from '../jobs/jobs.repository.ts';

/** The filters of a marketing list, as the contract parsed them. */
export interface MarketingFilters {
  state?: string | undefined;
  county?: string | undefined;
  service?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  optIn: TMarketingOptIn;
  /** Exports: only people who opted in, whatever `optIn` says. */
  optedInOnly?: boolean;
  search?: string | undefined;
  dir: 'asc' | 'desc';
  limit: number;
  cursor?: string | undefined;
}

/**
 * Column references written out in full: in a subquery inside a one-table select, drizzle's bare
 * column names would bind to the subquery's own table (property_participants also has `id`).
 */
const userEmail = sql`${users}.email`;

/** The roles that own a property (spec 1: seller and landlord). */
const OWNER_ROLES = sql`('seller', 'landlord')`;

/** Whether the address in `email` has a confirmed newsletter subscription. */
const newsletterOf = (email: SQLWrapper) =>
  sql<boolean>`exists (select 1 from ${newsletterSubscribers} ns where lower(ns.email) = lower(${email}) and ns.status = 'confirmed')`;

/** The opt-in filter on one person (their email and promotions flag). */
function optInWhere(
  f: Pick<MarketingFilters, 'optIn' | 'optedInOnly'>,
  email: SQLWrapper,
  promo: SQLWrapper,
): SQL | undefined {
  const newsletter = newsletterOf(email);
  const either = sql`(${newsletter} or ${promo})`;
  return and(
    f.optIn === 'opted-in' ? either : undefined,
    f.optIn === 'newsletter' ? newsletter : undefined,
    f.optIn === 'promotions' ? sql`${promo}` : undefined,
    f.optIn === 'none' ? sql`not ${either}` : undefined,
    f.optedInOnly ? either : undefined,
  );
}

/** A day filter on a timestamp, in the business's time zone (days as reports count them). */
function dayWhere(f: Pick<MarketingFilters, 'from' | 'to'>, at: SQLWrapper, tz: string) {
  const day = sql`(${at} at time zone ${tz})::date`;
  return and(
    f.from ? sql`${day} >= ${f.from}::date` : undefined,
    f.to ? sql`${day} <= ${f.to}::date` : undefined,
  );
}

const placeWhere = (f: Pick<MarketingFilters, 'state' | 'county'>) =>
  and(
    f.state ? eq(properties.state, f.state) : undefined,
    f.county ? sql`lower(${properties.county}) = lower(${f.county})` : undefined,
  );

const optIns = (email: SQLWrapper, promo: SQLWrapper) => ({
  newsletter: newsletterOf(email),
  promotions: sql<boolean>`${promo}`,
});

const created = (expr: SQLWrapper, dir: 'asc' | 'desc'): KeysetSort => ({
  expr,
  type: 'timestamptz',
  dir,
});

/** Owners who may be sent marketing. */
function marketingOwnerList(db: Db, timeZone: string) {
  return {
    /** People who own at least one property (as seller or landlord). */
    async owners(f: MarketingFilters) {
      const sort = created(users.createdAt, f.dir);
      const term = f.search ? `%${escapeLike(f.search)}%` : undefined;
      const owned = sql`select 1 from ${propertyParticipants} pp join ${properties} on ${properties}.id = pp.property_id where pp.user_id = ${users}.id and pp.role in ${OWNER_ROLES}`;
      const place = placeWhere(f);
      const rows = await db
        .select({
          hash: users.hash,
          email: users.email,
          name: users.name,
          createdAt: users.createdAt,
          properties: sql<number>`(select count(*) from ${propertyParticipants} pp where pp.user_id = ${users}.id and pp.role in ${OWNER_ROLES})::int`,
          orders: sql<number>`(select count(*) from ${orders} o where o.user_id = ${users}.id)::int`,
          ...optIns(userEmail, users.promoOptin),
          sortKey: sortText(sort),
          keyId: users.id,
        })
        .from(users)
        .where(
          and(
            place ? sql`exists (${owned} and ${place})` : sql`exists (${owned})`,
            f.service
              ? sql`exists (select 1 from ${orders} o join ${products} pr on pr.id = o.product_id where o.user_id = ${users}.id and pr.slug = ${f.service})`
              : undefined,
            dayWhere(f, users.createdAt, timeZone),
            optInWhere(f, userEmail, users.promoOptin),
            term
              ? or(sql`${users.email} ilike ${term}`, sql`${users.name} ilike ${term}`)
              : undefined,
            afterCursor(sort, users.id, f.cursor),
          ),
        )
        .orderBy(...keysetOrder(sort, users.id))
        .limit(f.limit + 1);
      return toPage(rows, f.limit);
    },
  };
}

/** Properties whose owners may be sent marketing. */
function marketingPropertyList(db: Db, timeZone: string) {
  return {
    /** Properties with an owner, each with its first owner (the earliest to join it). */
    async properties(f: MarketingFilters) {
      const sort = created(properties.createdAt, f.dir);
      const term = f.search ? `%${escapeLike(f.search)}%` : undefined;
      const firstOwner = sql`(select pp.user_id from ${propertyParticipants} pp where pp.property_id = ${properties}.id and pp.role in ${OWNER_ROLES} order by pp.id limit 1)`;
      const rows = await db
        .select({
          hash: properties.hash,
          street: properties.street,
          unit: properties.unit,
          city: properties.city,
          county: properties.county,
          state: properties.state,
          zip: properties.zip,
          createdAt: properties.createdAt,
          ownerEmail: users.email,
          ownerName: users.name,
          ...optIns(userEmail, users.promoOptin),
          orders: sql<number>`(select count(*) from ${orders} o where o.property_id = ${properties}.id)::int`,
          sortKey: sortText(sort),
          keyId: properties.id,
        })
        .from(properties)
        .innerJoin(users, sql`${users}.id = ${firstOwner}`)
        .where(
          and(
            placeWhere(f),
            f.service
              ? sql`exists (select 1 from ${orders} o join ${products} pr on pr.id = o.product_id where o.property_id = ${properties}.id and pr.slug = ${f.service})`
              : undefined,
            dayWhere(f, properties.createdAt, timeZone),
            optInWhere(f, userEmail, users.promoOptin),
            term
              ? or(
                  sql`${properties.street} ilike ${term}`,
                  sql`${properties.city} ilike ${term}`,
                  sql`${properties.zip} ilike ${term}`,
                  sql`${users.email} ilike ${term}`,
                )
              : undefined,
            afterCursor(sort, properties.id, f.cursor),
          ),
        )
        .orderBy(...keysetOrder(sort, properties.id))
        .limit(f.limit + 1);
      return toPage(rows, f.limit);
    },
  };
}

/** Orders whose customers may be sent marketing. */
function marketingOrderList(db: Db, timeZone: string) {
  return {
    /** Orders with their product, property and the customer who placed them. */
    async orders(f: MarketingFilters) {
      const sort = created(orders.createdAt, f.dir);
      const term = f.search ? `%${escapeLike(f.search)}%` : undefined;
      const rows = await db
        .select({
          hash: orders.hash,
          productSlug: products.slug,
          productName: products.name,
          status: orders.status,
          priceCents: orders.priceCents,
          street: properties.street,
          unit: properties.unit,
          city: properties.city,
          county: properties.county,
          state: properties.state,
          customerEmail: users.email,
          customerName: users.name,
          ...optIns(userEmail, users.promoOptin),
          createdAt: orders.createdAt,
          sortKey: sortText(sort),
          keyId: orders.id,
        })
        .from(orders)
        .innerJoin(products, eq(products.id, orders.productId))
        .innerJoin(properties, eq(properties.id, orders.propertyId))
        .innerJoin(users, eq(users.id, orders.userId))
        .where(
          and(
            placeWhere(f),
            f.service ? eq(products.slug, f.service) : undefined,
            dayWhere(f, orders.createdAt, timeZone),
            optInWhere(f, userEmail, users.promoOptin),
            term
              ? or(
                  sql`${users.email} ilike ${term}`,
                  sql`${properties.street} ilike ${term}`,
                  sql`${products.name} ilike ${term}`,
                )
              : undefined,
            afterCursor(sort, orders.id, f.cursor),
          ),
        )
        .orderBy(...keysetOrder(sort, orders.id))
        .limit(f.limit + 1);
      return toPage(rows, f.limit);
    },
  };
}

/**
 * Marketing lists (issue 23): owners, properties and orders with place, product, date and
 * opt-in filters, keyset-paged like every admin list (decision 019).
 */
export function createMarketingListRepository(db: Db, timeZone: string) {
  return {
    ...marketingOwnerList(db, timeZone),
    ...marketingPropertyList(db, timeZone),
    ...marketingOrderList(db, timeZone),
  };
}
export type MarketingListRepository = ReturnType<typeof createMarketingListRepository>;
