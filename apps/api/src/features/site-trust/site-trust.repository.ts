import {
  type Db,
  listings,
  type ReviewRatingRow,
  reviewRatings,
  type StateNoticeRow,
  stateNotices,
} from '@lantern/db';
import { asc, count, eq, isNotNull, or } from 'drizzle-orm';

export type NoticeFields = Pick<StateNoticeRow, 'state' | 'label' | 'url' | 'position'>;
export type ReviewFields = Pick<
  ReviewRatingRow,
  'source' | 'ratingTenths' | 'reviewCount' | 'url' | 'position'
>;

/** A row changed: as it was and as it is, for the activity log; undefined when there was none. */
export type Changed<T> = { before: T; after: T } | undefined;

/**
 * State notices and review ratings as staff keep them (docs/decisions/080), and the count of
 * homes ever listed on our site, which the footer names above its floor.
 */
export function createSiteTrustRepository(db: Db) {
  return {
    notices(): Promise<StateNoticeRow[]> {
      return db
        .select()
        .from(stateNotices)
        .orderBy(asc(stateNotices.state), asc(stateNotices.position), asc(stateNotices.id));
    },

    reviews(): Promise<ReviewRatingRow[]> {
      return db
        .select()
        .from(reviewRatings)
        .orderBy(asc(reviewRatings.position), asc(reviewRatings.id));
    },

    async addNotice(fields: NoticeFields): Promise<StateNoticeRow> {
      const [row] = await db.insert(stateNotices).values(fields).returning();
      if (!row) throw new Error('state notice not written');
      return row;
    },

    async updateNotice(id: number, fields: NoticeFields): Promise<Changed<StateNoticeRow>> {
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(stateNotices)
          .where(eq(stateNotices.id, id))
          .for('update');
        if (!before) return undefined;
        const [after] = await tx
          .update(stateNotices)
          .set({ ...fields, updatedAt: new Date() })
          .where(eq(stateNotices.id, id))
          .returning();
        return after && { before, after };
      });
    },

    async removeNotice(id: number): Promise<StateNoticeRow | undefined> {
      const [row] = await db.delete(stateNotices).where(eq(stateNotices.id, id)).returning();
      return row;
    },

    async addReview(fields: ReviewFields): Promise<ReviewRatingRow> {
      const [row] = await db.insert(reviewRatings).values(fields).returning();
      if (!row) throw new Error('review rating not written');
      return row;
    },

    async updateReview(id: number, fields: ReviewFields): Promise<Changed<ReviewRatingRow>> {
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(reviewRatings)
          .where(eq(reviewRatings.id, id))
          .for('update');
        if (!before) return undefined;
        const [after] = await tx
          .update(reviewRatings)
          .set({ ...fields, updatedAt: new Date() })
          .where(eq(reviewRatings.id, id))
          .returning();
        return after && { before, after };
      });
    },

    async removeReview(id: number): Promise<ReviewRatingRow | undefined> {
      const [row] = await db.delete(reviewRatings).where(eq(reviewRatings.id, id)).returning();
      return row;
    },

    /**
     * Listings ever published on our site: a slug is set at the first publication and kept when
     * a listing is taken down, so a sold or withdrawn home still counts.
     */
    async homesListed(): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(listings)
        .where(or(isNotNull(listings.slug), isNotNull(listings.publishedAt)));
      return row?.n ?? 0;
    },
  };
}
export type SiteTrustRepository = ReturnType<typeof createSiteTrustRepository>;
