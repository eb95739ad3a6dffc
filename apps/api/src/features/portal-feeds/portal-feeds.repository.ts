import { type Db, listings, portalFeedOptOuts, portalFeeds, users } from '@lantern/db';
import { and, asc, desc, eq, inArray, isNull, lt, notInArray, or, sql } from 'drizzle-orm';

/** How often a fetch writes its time: at most once a minute per feed. */
const FETCH_STAMP = sql`now() - interval '1 minute'`;

/** The feeds themselves: made, listed, found by token, rotated, revoked, fetched. */
function feedQueries(db: Db) {
  return {
    async insert(row: typeof portalFeeds.$inferInsert) {
      const [saved] = await db.insert(portalFeeds).values(row).returning();
      if (!saved) throw new Error('The portal feed was not written.');
      return saved;
    },

    /** Every feed, newest first, with who made it and how many listings opted out. */
    async list() {
      const optOuts = db
        .select({
          feedId: portalFeedOptOuts.portalFeedId,
          n: sql<number>`count(*)::int`.as('n'),
        })
        .from(portalFeedOptOuts)
        .groupBy(portalFeedOptOuts.portalFeedId)
        .as('o');
      return db
        .select({ feed: portalFeeds, createdByEmail: users.email, optOuts: optOuts.n })
        .from(portalFeeds)
        .leftJoin(users, eq(users.id, portalFeeds.createdBy))
        .leftJoin(optOuts, eq(optOuts.feedId, portalFeeds.id))
        .orderBy(desc(portalFeeds.createdAt), desc(portalFeeds.id));
    },

    async byHash(hash: string) {
      const [row] = await db.select().from(portalFeeds).where(eq(portalFeeds.hash, hash));
      return row;
    },

    /** The live feed a token's hash stands for. */
    async liveByTokenHash(tokenHash: string) {
      const [row] = await db
        .select()
        .from(portalFeeds)
        .where(and(eq(portalFeeds.tokenHash, tokenHash), isNull(portalFeeds.revokedAt)));
      return row;
    },

    /** A new token's hash for a live feed: the old address stops with this write. */
    async rotate(id: number, tokenHash: string) {
      const [row] = await db
        .update(portalFeeds)
        .set({ tokenHash, rotatedAt: new Date() })
        .where(and(eq(portalFeeds.id, id), isNull(portalFeeds.revokedAt)))
        .returning();
      return row;
    },

    async revoke(id: number) {
      const [row] = await db
        .update(portalFeeds)
        .set({ revokedAt: new Date() })
        .where(and(eq(portalFeeds.id, id), isNull(portalFeeds.revokedAt)))
        .returning();
      return row;
    },

    /** Records a fetch, unless one was recorded in the last minute. */
    async fetched(id: number) {
      await db
        .update(portalFeeds)
        .set({ lastFetchedAt: sql`now()` })
        .where(
          and(
            eq(portalFeeds.id, id),
            or(isNull(portalFeeds.lastFetchedAt), lt(portalFeeds.lastFetchedAt, FETCH_STAMP)),
          ),
        );
    },
  };
}

/** The listings their owners keep out of a feed. */
function optOutQueries(db: Db) {
  return {
    /** The ListingKeys (listings.hash) kept out of one feed, in key order. */
    async optedOutKeys(feedId: number): Promise<string[]> {
      const rows = await db
        .select({ key: listings.hash })
        .from(portalFeedOptOuts)
        .innerJoin(listings, eq(listings.id, portalFeedOptOuts.listingId))
        .where(eq(portalFeedOptOuts.portalFeedId, feedId))
        .orderBy(asc(listings.hash));
      return rows.map((r) => r.key);
    },

    /** The live feeds by name, with whether this listing is kept out of each. */
    async forListing(listingId: number) {
      return db
        .select({
          id: portalFeeds.id,
          hash: portalFeeds.hash,
          name: portalFeeds.name,
          skipped: sql<boolean>`${portalFeedOptOuts.listingId} is not null`,
        })
        .from(portalFeeds)
        .leftJoin(
          portalFeedOptOuts,
          and(
            eq(portalFeedOptOuts.portalFeedId, portalFeeds.id),
            eq(portalFeedOptOuts.listingId, listingId),
          ),
        )
        .where(isNull(portalFeeds.revokedAt))
        .orderBy(asc(portalFeeds.name), asc(portalFeeds.id));
    },

    /** Keeps the listing out of exactly `feedIds` among the live feeds, in one transaction. */
    async setOptOuts(listingId: number, feedIds: number[], userId: number) {
      await db.transaction(async (tx) => {
        const live = tx
          .select({ id: portalFeeds.id })
          .from(portalFeeds)
          .where(isNull(portalFeeds.revokedAt));
        const keep = feedIds.length ? [notInArray(portalFeedOptOuts.portalFeedId, feedIds)] : [];
        // A revoked feed's opt-outs stay: its count in the list still tells what it was.
        await tx
          .delete(portalFeedOptOuts)
          .where(
            and(
              eq(portalFeedOptOuts.listingId, listingId),
              inArray(portalFeedOptOuts.portalFeedId, live),
              ...keep,
            ),
          );
        if (!feedIds.length) return;
        await tx
          .insert(portalFeedOptOuts)
          .values(feedIds.map((portalFeedId) => ({ listingId, portalFeedId, createdBy: userId })))
          .onConflictDoNothing();
      });
    },

    /** The live feeds among these hashes. */
    async liveByHashes(hashes: string[]) {
      if (!hashes.length) return [];
      return db
        .select({ id: portalFeeds.id, hash: portalFeeds.hash })
        .from(portalFeeds)
        .where(and(inArray(portalFeeds.hash, hashes), isNull(portalFeeds.revokedAt)));
    },
  };
}
/** The portals' feeds and the listings their owners keep out of them (issue 49). */
export function createPortalFeedRepository(db: Db) {
  return { ...feedQueries(db), ...optOutQueries(db) };
}
export type PortalFeedRepository = ReturnType<typeof createPortalFeedRepository>;
