import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { calendarDate, createdAt, tz } from './columns.ts';
import { listings } from './listings.ts';
import { users } from './users.ts';

/**
 * Listing analytics (issue 22; docs/decisions/042-listing-analytics.md): one row per public
 * listing per day, named after RESO's InternetTrackingSummary (TrackingDate, ViewCount,
 * InquiryCount, ShowingRequestedCount) and, where it has no field, after the InternetTracking
 * event it sums (Photo Gallery) or our own words (unique visitors, texts). The day is the
 * calendar day of the listing's own time zone (its state's); rows are added to by upserts that
 * increment, so concurrent visits never lose a count.
 */
export const internetTrackingSummaries = pgTable(
  'internet_tracking_summaries',
  {
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    /** RESO TrackingDate: the listing's local calendar day. */
    trackingDate: calendarDate('tracking_date').notNull(),
    /** RESO ViewCount: the page was shown to a person (the page's beacon; bots left out). */
    viewCount: integer('view_count').notNull().default(0),
    /** Distinct visitors of the day (a salted hash of IP and user agent, the salt gone after the day). */
    uniqueVisitorCount: integer('unique_visitor_count').notNull().default(0),
    /** InternetTracking EventType "Photo Gallery": page views in which the visitor went through the photos. */
    photoGalleryCount: integer('photo_gallery_count').notNull().default(0),
    /** RESO InquiryCount: questions asked from the page. */
    inquiryCount: integer('inquiry_count').notNull().default(0),
    /** RESO ShowingRequestedCount. */
    showingRequestedCount: integer('showing_requested_count').notNull().default(0),
    /** Texts to the listing's keyword (text for info). */
    textCount: integer('text_count').notNull().default(0),
    /** RESO ModificationTimestamp. */
    modificationTimestamp: tz('modification_timestamp').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.listingId, t.trackingDate] })],
);

/**
 * One random salt per calendar day of a time zone, made on the first visit of that day; the
 * hourly cleanup deletes it once the day has ended there, so a visitor hash of that day can no
 * longer be recomputed from an IP address and user agent.
 */
export const analyticsDailySalts = pgTable(
  'analytics_daily_salts',
  {
    timeZone: text('time_zone').notNull(),
    day: calendarDate('day').notNull(),
    /** 32 random bytes, base64url. */
    salt: text('salt').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.timeZone, t.day] })],
);

/**
 * The visitors of a listing's current day, as salted hashes, so each is counted once as a
 * unique visitor. Deleted with the day's salt: no per-visitor data outlives the day.
 */
export const analyticsVisitors = pgTable(
  'analytics_visitors',
  {
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    day: calendarDate('day').notNull(),
    /** The zone whose day this is: the cleanup ends it when that zone's day has ended. */
    timeZone: text('time_zone').notNull(),
    /** HMAC-SHA256 under the day's salt of the listing, IP address and user agent. */
    visitorHash: text('visitor_hash').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.listingId, t.day, t.visitorHash] }),
    index('analytics_visitors_zone_day_idx').on(t.timeZone, t.day),
  ],
);

/** Owners who stopped the weekly listing summary (the mail's unsubscribe link or RFC 8058 one-click). */
export const listingSummaryOptOuts = pgTable('listing_summary_opt_outs', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

/**
 * The weeks whose summary went out for a listing: written after its mails are queued (each with
 * its own dedupe key), so an hourly run that finds the row skips the listing.
 */
export const listingSummaryWeeks = pgTable(
  'listing_summary_weeks',
  {
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    /** The Monday that starts the week summed, in the listing's zone. */
    weekStart: calendarDate('week_start').notNull(),
    recipients: integer('recipients').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.listingId, t.weekStart] })],
);

export type InternetTrackingSummary = typeof internetTrackingSummaries.$inferSelect;
