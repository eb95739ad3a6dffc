import { type Db, listings, newHash, type OpenHouse, openHouses, type Tx } from '@lantern/db';
import { and, asc, desc, eq, gt, isNull } from 'drizzle-orm';

/** What the rules may do while the listing is locked (see `locked`). */
export interface LockedOpenHouses {
  /** The listing's open houses that still count: not cancelled, not ended by `now`. */
  active(now: Date): Promise<OpenHouse[]>;
  find(hash: string): Promise<OpenHouse | undefined>;
  insert(row: {
    startsAt: Date;
    endsAt: Date;
    note: string;
    createdBy: number;
  }): Promise<OpenHouse>;
  update(
    id: number,
    patch: Partial<Pick<OpenHouse, 'startsAt' | 'endsAt' | 'note' | 'cancelledAt'>>,
  ): Promise<OpenHouse>;
}

const stillCounts = (listingId: number, now: Date) =>
  and(
    eq(openHouses.listingId, listingId),
    isNull(openHouses.cancelledAt),
    gt(openHouses.endsAt, now),
  );

function lockedScope(tx: Tx, listingId: number): LockedOpenHouses {
  return {
    active: (now) =>
      tx
        .select()
        .from(openHouses)
        .where(stillCounts(listingId, now))
        .orderBy(asc(openHouses.startsAt)),
    async find(hash) {
      const [row] = await tx
        .select()
        .from(openHouses)
        .where(and(eq(openHouses.listingId, listingId), eq(openHouses.hash, hash)));
      return row;
    },
    async insert(row) {
      const [created] = await tx
        .insert(openHouses)
        .values({ ...row, listingId, hash: newHash() })
        .returning();
      if (!created) throw new Error('open house insert returned nothing');
      return created;
    },
    async update(id, patch) {
      const [updated] = await tx
        .update(openHouses)
        .set({ ...patch, updatedAt: new Date() })
        .where(and(eq(openHouses.id, id), eq(openHouses.listingId, listingId)))
        .returning();
      if (!updated) throw new Error('open house update returned nothing');
      return updated;
    },
  };
}

/**
 * A public listing's open houses (issue 22). Callers have checked the owner (`ownedListings.open`);
 * every change runs with the listing's row locked, so two requests at once cannot both take the
 * last place or overlap each other.
 */
export function createOpenHouseRepository(db: Db) {
  return {
    /** Run `work` in one transaction with the listing's row locked. */
    locked<T>(listingId: number, work: (scope: LockedOpenHouses) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => {
        await tx
          .select({ id: listings.id })
          .from(listings)
          .where(eq(listings.id, listingId))
          .for('update');
        return work(lockedScope(tx, listingId));
      });
    },

    /** Every open house of the listing, latest start first (at most `limit`). */
    all: (listingId: number, limit: number) =>
      db
        .select()
        .from(openHouses)
        .where(eq(openHouses.listingId, listingId))
        .orderBy(desc(openHouses.startsAt), desc(openHouses.id))
        .limit(limit),

    /** Not cancelled and not ended by `now`, soonest first: the page and the flyer. */
    upcoming: (listingId: number, now: Date) =>
      db
        .select()
        .from(openHouses)
        .where(stillCounts(listingId, now))
        .orderBy(asc(openHouses.startsAt), asc(openHouses.id)),
  };
}
export type OpenHouseRepository = ReturnType<typeof createOpenHouseRepository>;
