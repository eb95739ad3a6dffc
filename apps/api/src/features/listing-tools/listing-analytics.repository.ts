import { randomBytes } from 'node:crypto';
import {
  LISTING_OWNER_ROLES,
  type TListingAnalyticsFigures,
  type TListingAnalyticsMetric,
} from '@lantern/contracts';
import {
  analyticsDailySalts,
  analyticsVisitors,
  type Db,
  fsboListings,
  internetTrackingSummaries,
  listingSummaryOptOuts,
  listingSummaryWeeks,
  listings,
  mlsListings,
  properties,
  propertyParticipants,
  users,
} from '@lantern/db';
import { and, asc, eq, gte, inArray, isNotNull, isNull, lte, max, sql } from 'drizzle-orm';

const T = internetTrackingSummaries;

/** The column of each metric (the names are the contracts'; the columns snake_case). */
const COLUMNS = {
  ViewCount: T.viewCount,
  UniqueVisitorCount: T.uniqueVisitorCount,
  PhotoGalleryCount: T.photoGalleryCount,
  InquiryCount: T.inquiryCount,
  ShowingRequestedCount: T.showingRequestedCount,
  TextCount: T.textCount,
} as const satisfies Record<TListingAnalyticsMetric, unknown>;

/** The DB column name of a metric, for the upsert's SET (drizzle keys by property name). */
const KEYS = {
  ViewCount: 'viewCount',
  UniqueVisitorCount: 'uniqueVisitorCount',
  PhotoGalleryCount: 'photoGalleryCount',
  InquiryCount: 'inquiryCount',
  ShowingRequestedCount: 'showingRequestedCount',
  TextCount: 'textCount',
} as const satisfies Record<TListingAnalyticsMetric, keyof typeof T.$inferInsert>;

export interface DayFigures extends TListingAnalyticsFigures {
  day: string;
}

/** A published listing that may get this week's summary, with what the mail names. */
export interface SummaryCandidate {
  listingId: number;
  listingHash: string;
  state: string;
  streetAddress: string;
  city: string;
  propertyHash: string;
  /** The latest week whose summary went out (or was found empty), or null. */
  lastWeek: string | null;
}

export interface SummaryRecipient {
  userId: number;
  hash: string;
  email: string;
  name: string | null;
}

/** The property a public row belongs to (through its MLS or FSBO listing). */
const propertyIdOf = sql<number>`coalesce(${mlsListings.propertyId}, ${fsboListings.propertyId})`;

/** Daily salts and the views and counts they key. */
function analyticsCounts(db: Db) {
  return {
    /** The salt of `day` in `zone`, made now when it is the day's first visit. */
    async saltFor(zone: string, day: string): Promise<string> {
      const [row] = await db
        .insert(analyticsDailySalts)
        .values({ timeZone: zone, day, salt: randomBytes(32).toString('base64url') })
        // A no-op update returns the salt another request made first.
        .onConflictDoUpdate({
          target: [analyticsDailySalts.timeZone, analyticsDailySalts.day],
          set: { salt: sql`${analyticsDailySalts.salt}` },
        })
        .returning({ salt: analyticsDailySalts.salt });
      if (!row) throw new Error('salt upsert returned nothing');
      return row.salt;
    },

    /**
     * One page view of `listingId` on `day` by the visitor `visitorHash`: ViewCount + 1, and
     * UniqueVisitorCount + 1 when the hash is new for the day. One statement: the visitor's row
     * and the counts change together, and two racing views of one visitor count it once.
     */
    async addView(
      listingId: number,
      day: string,
      zone: string,
      visitorHash: string,
    ): Promise<{ unique: boolean }> {
      const result = await db.execute(sql`
        with visitor as (
          insert into ${analyticsVisitors} (listing_id, day, time_zone, visitor_hash)
          values (${listingId}, ${day}, ${zone}, ${visitorHash})
          on conflict do nothing
          returning 1
        ), counted as (
          insert into ${T} as s (listing_id, tracking_date, view_count, unique_visitor_count)
          values (${listingId}, ${day}, 1, (select count(*)::int from visitor))
          on conflict (listing_id, tracking_date) do update set
            view_count = s.view_count + 1,
            unique_visitor_count = s.unique_visitor_count + excluded.unique_visitor_count,
            modification_timestamp = now()
          returning 1
        )
        select (select count(*)::int from visitor) as added, (select count(*)::int from counted) as views`);
      const rows = (result as { rows?: { added: number }[] }).rows ?? [];
      return { unique: Number(rows[0]?.added ?? 0) > 0 };
    },

    /** One more of `metric` for `listingId` on `day`. */
    async increment(
      listingId: number,
      day: string,
      metric: Exclude<TListingAnalyticsMetric, 'ViewCount' | 'UniqueVisitorCount'>,
    ): Promise<void> {
      const column = COLUMNS[metric];
      await db
        .insert(T)
        .values({ listingId, trackingDate: day, [KEYS[metric]]: 1 })
        .onConflictDoUpdate({
          target: [T.listingId, T.trackingDate],
          set: { [KEYS[metric]]: sql`${column} + 1`, modificationTimestamp: sql`now()` },
        });
    },

    /** The state of a public row (its time zone's), or undefined for no such row. */
    async stateOf(listingId: number): Promise<string | undefined> {
      const [row] = await db
        .select({ state: listings.state })
        .from(listings)
        .where(eq(listings.id, listingId));
      return row?.state;
    },
  };
}

/** A listing's days, and ending past days. */
function analyticsDays(db: Db) {
  return {
    /** The days of `from`…`to` that have a row (the others are zeros). */
    async days(listingId: number, from: string, to: string): Promise<DayFigures[]> {
      return db
        .select({
          day: T.trackingDate,
          ViewCount: T.viewCount,
          UniqueVisitorCount: T.uniqueVisitorCount,
          PhotoGalleryCount: T.photoGalleryCount,
          InquiryCount: T.inquiryCount,
          ShowingRequestedCount: T.showingRequestedCount,
          TextCount: T.textCount,
        })
        .from(T)
        .where(and(eq(T.listingId, listingId), gte(T.trackingDate, from), lte(T.trackingDate, to)))
        .orderBy(asc(T.trackingDate));
    },

    /**
     * Forget the visitors and salts of every day that has ended in its own zone (`now` read as
     * that zone's calendar day). Returns how many of each went.
     */
    async endPastDays(now: Date): Promise<{ salts: number; visitors: number }> {
      const at = now.toISOString();
      const visitors = await db
        .delete(analyticsVisitors)
        .where(
          sql`${analyticsVisitors.day} < (${at}::timestamptz at time zone ${analyticsVisitors.timeZone})::date`,
        )
        .returning({ day: analyticsVisitors.day });
      const salts = await db
        .delete(analyticsDailySalts)
        .where(
          sql`${analyticsDailySalts.day} < (${at}::timestamptz at time zone ${analyticsDailySalts.timeZone})::date`,
        )
        .returning({ day: analyticsDailySalts.day });
      return { salts: salts.length, visitors: visitors.length };
    },

    /** How many salts and visitor hashes are kept now (tests, metrics). */
    async kept(): Promise<{ salts: { timeZone: string; day: string }[]; visitors: number }> {
      const salts = await db
        .select({ timeZone: analyticsDailySalts.timeZone, day: analyticsDailySalts.day })
        .from(analyticsDailySalts);
      const [v] = await db.select({ n: sql<number>`count(*)::int` }).from(analyticsVisitors);
      return { salts, visitors: Number(v?.n ?? 0) };
    },
  };
}

/** The weekly summary: who gets it and what it says. */
function analyticsSummaries(db: Db) {
  return {
    /** Published listings on the market (active or under contract), with their last summary week. */
    async summaryCandidates(): Promise<SummaryCandidate[]> {
      return db
        .select({
          listingId: listings.id,
          listingHash: listings.hash,
          state: listings.state,
          streetAddress: listings.streetAddress,
          city: listings.city,
          propertyHash: properties.hash,
          lastWeek: max(listingSummaryWeeks.weekStart),
        })
        .from(listings)
        .leftJoin(mlsListings, eq(mlsListings.id, listings.mlsListingId))
        .leftJoin(fsboListings, eq(fsboListings.id, listings.fsboListingId))
        .innerJoin(properties, eq(properties.id, propertyIdOf))
        .leftJoin(listingSummaryWeeks, eq(listingSummaryWeeks.listingId, listings.id))
        .where(
          and(isNotNull(listings.publishedAt), inArray(listings.status, ['active', 'pending'])),
        )
        .groupBy(listings.id, properties.hash)
        .orderBy(asc(listings.id));
    },

    /** The week's sums for one listing. */
    async totals(listingId: number, from: string, to: string): Promise<TListingAnalyticsFigures> {
      const sum = (c: (typeof COLUMNS)[TListingAnalyticsMetric]) =>
        sql<number>`coalesce(sum(${c}), 0)::int`;
      const [row] = await db
        .select({
          ViewCount: sum(T.viewCount),
          UniqueVisitorCount: sum(T.uniqueVisitorCount),
          PhotoGalleryCount: sum(T.photoGalleryCount),
          InquiryCount: sum(T.inquiryCount),
          ShowingRequestedCount: sum(T.showingRequestedCount),
          TextCount: sum(T.textCount),
        })
        .from(T)
        .where(and(eq(T.listingId, listingId), gte(T.trackingDate, from), lte(T.trackingDate, to)));
      return {
        ViewCount: Number(row?.ViewCount ?? 0),
        UniqueVisitorCount: Number(row?.UniqueVisitorCount ?? 0),
        PhotoGalleryCount: Number(row?.PhotoGalleryCount ?? 0),
        InquiryCount: Number(row?.InquiryCount ?? 0),
        ShowingRequestedCount: Number(row?.ShowingRequestedCount ?? 0),
        TextCount: Number(row?.TextCount ?? 0),
      };
    },

    /**
     * The listing's owners (the property's participants on the listing's side) who get the
     * summary: accounts not locked, not opted out.
     */
    async summaryRecipients(propertyHash: string): Promise<SummaryRecipient[]> {
      return db
        .select({ userId: users.id, hash: users.hash, email: users.email, name: users.name })
        .from(propertyParticipants)
        .innerJoin(properties, eq(properties.id, propertyParticipants.propertyId))
        .innerJoin(users, eq(users.id, propertyParticipants.userId))
        .leftJoin(listingSummaryOptOuts, eq(listingSummaryOptOuts.userId, users.id))
        .where(
          and(
            eq(properties.hash, propertyHash),
            inArray(propertyParticipants.role, [...LISTING_OWNER_ROLES]),
            isNull(users.lockedAt),
            isNull(listingSummaryOptOuts.userId),
          ),
        )
        .orderBy(asc(users.id));
    },

    /** The week's summary is done for the listing (mails queued, or nothing to tell). */
    async markWeek(listingId: number, weekStart: string, recipients: number): Promise<void> {
      await db
        .insert(listingSummaryWeeks)
        .values({ listingId, weekStart, recipients })
        .onConflictDoNothing();
    },
  };
}

/** Opting out of the weekly summary. */
function analyticsOptOuts(db: Db) {
  return {
    async userByHash(hash: string): Promise<{ id: number; email: string } | undefined> {
      const [row] = await db
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(eq(users.hash, hash));
      return row;
    },

    async optedOut(userId: number): Promise<boolean> {
      const [row] = await db
        .select({ userId: listingSummaryOptOuts.userId })
        .from(listingSummaryOptOuts)
        .where(eq(listingSummaryOptOuts.userId, userId));
      return Boolean(row);
    },

    async optOut(userId: number): Promise<void> {
      await db.insert(listingSummaryOptOuts).values({ userId }).onConflictDoNothing();
    },

    async optIn(userId: number): Promise<void> {
      await db.delete(listingSummaryOptOuts).where(eq(listingSummaryOptOuts.userId, userId));
    },
  };
}

/**
 * The queries of listing analytics (issue 22; docs/decisions/042-listing-analytics.md). Every
 * count is one upsert that increments, so concurrent requests never lose one; a page view and
 * its visitor are one statement, so a visitor is counted unique exactly once a day.
 */
export function createListingAnalyticsRepository(db: Db) {
  return {
    ...analyticsCounts(db),
    ...analyticsDays(db),
    ...analyticsSummaries(db),
    ...analyticsOptOuts(db),
  };
}
export type ListingAnalyticsRepository = ReturnType<typeof createListingAnalyticsRepository>;
