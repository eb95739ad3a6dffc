import {
  auditLog,
  type Db,
  orders,
  products,
  properties,
  propertyParticipants,
  users,
} from '@lantern/db';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { afterCursor, type KeysetSort, keysetOrder, sortText, toPage } from '../../lib/keyset.ts';
import { escapeLike } from '../jobs/jobs.repository.ts';

/** Staff's page of properties. */
function adminPropertyPage(db: Db) {
  return {
    async page(q: {
      sort: 'created' | 'street';
      placement?: 'all' | 'unplaced' | undefined;
      search?: string | undefined;
      dir: 'asc' | 'desc';
      limit: number;
      cursor?: string | undefined;
    }) {
      const sort: KeysetSort =
        q.sort === 'street'
          ? { expr: sql`lower(${properties.street})`, type: 'text', dir: q.dir }
          : { expr: properties.createdAt, type: 'timestamptz', dir: q.dir };
      const term = q.search ? `%${escapeLike(q.search)}%` : undefined;
      const filters: Array<SQL | undefined> = [
        term
          ? sql`(${properties.street} || ' ' || coalesce(${properties.unit}, '') || ' ' || ${properties.city} || ' ' || ${properties.state} || ' ' || ${properties.zip} || ' ' || coalesce(${properties.apn}, '')) ilike ${term}`
          : undefined,
        q.placement === 'unplaced'
          ? sql`(${properties.county} is null or ${properties.lat} is null)`
          : undefined,
        afterCursor(sort, properties.id, q.cursor),
      ];
      const rows = await db
        .select({
          hash: properties.hash,
          street: properties.street,
          unit: properties.unit,
          city: properties.city,
          state: properties.state,
          zip: properties.zip,
          county: properties.county,
          placed: sql<boolean>`(${properties.county} is not null and ${properties.lat} is not null)`,
          createdAt: properties.createdAt,
          participants: sql<number>`(select count(*) from ${propertyParticipants} pp where pp.property_id = ${properties}.id)::int`,
          sortKey: sortText(sort),
          keyId: properties.id,
        })
        .from(properties)
        .where(and(...filters))
        .orderBy(...keysetOrder(sort, properties.id))
        .limit(q.limit + 1);
      return toPage(rows, q.limit);
    },
  };
}

/** One property, its participants, orders and history. */
function adminPropertyRecords(db: Db) {
  return {
    byHash: async (hash: string) => {
      const [row] = await db.select().from(properties).where(eq(properties.hash, hash));
      return row;
    },

    /** Everyone on the property, first to join first. */
    participantsOf: (propertyId: number) =>
      db
        .select({
          userHash: users.hash,
          email: users.email,
          role: propertyParticipants.role,
          canEdit: propertyParticipants.canEdit,
          visible: propertyParticipants.visible,
          since: propertyParticipants.createdAt,
        })
        .from(propertyParticipants)
        .innerJoin(users, eq(users.id, propertyParticipants.userId))
        .where(eq(propertyParticipants.propertyId, propertyId))
        .orderBy(propertyParticipants.id),

    /** The property's orders (its MLS listings among them), newest first. */
    ordersOf: (propertyId: number, limit: number) =>
      db
        .select({
          hash: orders.hash,
          product: products.name,
          status: orders.status,
          priceCents: orders.priceCents,
          orderedBy: users.email,
          createdAt: orders.createdAt,
        })
        .from(orders)
        .innerJoin(products, eq(products.id, orders.productId))
        .innerJoin(users, eq(users.id, orders.userId))
        .where(eq(orders.propertyId, propertyId))
        .orderBy(desc(orders.id))
        .limit(limit),

    /** Changes recorded against the property in the activity log, newest first. */
    historyOf: (hash: string, limit: number) =>
      db
        .select({
          id: auditLog.id,
          action: auditLog.action,
          actorEmail: auditLog.actorEmail,
          actorKind: auditLog.actorKind,
          createdAt: auditLog.createdAt,
        })
        .from(auditLog)
        .where(and(eq(auditLog.recordType, 'property'), eq(auditLog.recordId, hash)))
        .orderBy(desc(auditLog.id))
        .limit(limit),
  };
}

/** Every property, as staff search them (issue 15: the vendor assignment picker). */
export function createAdminPropertyRepository(db: Db) {
  return { ...adminPropertyPage(db), ...adminPropertyRecords(db) };
}
export type AdminPropertyRepository = ReturnType<typeof createAdminPropertyRepository>;
