import { type Db, listings, openHouses } from '@lantern/db';
import { and, asc, gt, inArray, isNull } from 'drizzle-orm';

export interface FeedOpenHouse {
  startsAt: Date;
  endsAt: Date;
}

export interface FeedExtras {
  /** The listing page's readable name (/listings/{slug}), when it has one. */
  slug: string | null;
  /** Open houses still to come or under way, soonest first. */
  openHouses: FeedOpenHouse[];
}

/**
 * What the portal feed shows beside a listing's RESO records (issue 49), keyed by ListingKey
 * (= listings.hash): its open houses and its page's name. Only for keys the records already
 * gave, so nothing here decides whether a listing is shared.
 */
export function createListingFeedExtrasRepository(db: Db) {
  return {
    async byKeys(keys: readonly string[], now: Date): Promise<Map<string, FeedExtras>> {
      const found = new Map<string, FeedExtras>();
      if (!keys.length) return found;
      const pages = await db
        .select({ id: listings.id, key: listings.hash, slug: listings.slug })
        .from(listings)
        .where(inArray(listings.hash, [...keys]));
      const keyOf = new Map<number, string>();
      for (const p of pages) {
        keyOf.set(p.id, p.key);
        found.set(p.key, { slug: p.slug, openHouses: [] });
      }
      if (!keyOf.size) return found;
      const rows = await db
        .select({
          listingId: openHouses.listingId,
          startsAt: openHouses.startsAt,
          endsAt: openHouses.endsAt,
        })
        .from(openHouses)
        .where(
          and(
            inArray(openHouses.listingId, [...keyOf.keys()]),
            isNull(openHouses.cancelledAt),
            gt(openHouses.endsAt, now),
          ),
        )
        .orderBy(asc(openHouses.startsAt));
      for (const r of rows) {
        const key = keyOf.get(r.listingId);
        if (key) found.get(key)?.openHouses.push({ startsAt: r.startsAt, endsAt: r.endsAt });
      }
      return found;
    },
  };
}
export type ListingFeedExtrasRepository = ReturnType<typeof createListingFeedExtrasRepository>;
