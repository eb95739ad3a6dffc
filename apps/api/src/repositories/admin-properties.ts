import { type Db, properties, propertyParticipants } from '@lantern/db';
import { and, type SQL, sql } from 'drizzle-orm';
import { escapeLike } from './jobs.ts';
import { afterCursor, type KeysetSort, keysetOrder, sortText, toPage } from './keyset.ts';

/** Every property, as staff search them (issue 15: the vendor assignment picker). */
export function createAdminPropertyRepository(db: Db) {
  return {
    async page(q: {
      sort: 'created' | 'street';
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
export type AdminPropertyRepository = ReturnType<typeof createAdminPropertyRepository>;
