import { type TListingView, VIEW_STATUSES } from '@lantern/contracts';
import { type Db, type Listing, listings } from '@lantern/db';
import { and, count, desc, inArray, isNotNull } from 'drizzle-orm';

/** Published listings, newest first (the public listing pages). */
export function createListingRepository(db: Db) {
  return {
    async publishedPage(
      view: TListingView,
      page: number,
      pageSize: number,
    ): Promise<{ rows: Listing[]; total: number }> {
      const where = and(
        inArray(listings.status, [...VIEW_STATUSES[view]]),
        isNotNull(listings.publishedAt),
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(listings)
          .where(where)
          .orderBy(
            desc(view === 'current' ? listings.listedAt : listings.closedAt),
            desc(listings.id),
          )
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ n: count() }).from(listings).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
  };
}
export type ListingRepository = ReturnType<typeof createListingRepository>;
