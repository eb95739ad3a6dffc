import { z } from 'zod';
import { ZDaySchema } from '../admin/reports.ts';
import { ZPropertyHashSchema } from '../dashboard/property-hash.ts';
import { singleLineText } from '../text.ts';

/**
 * Listing analytics (issue 22; docs/decisions/042-listing-analytics.md): per public listing per
 * day (the listing's own time zone), counted without cookies or third parties. The names are RESO
 * Data Dictionary 2.0 InternetTrackingSummary fields where it has one (ViewCount, InquiryCount,
 * ShowingRequestedCount), the InternetTracking event type summed where it has none (Photo Gallery
 * → PhotoGalleryCount), and ours in the same shape otherwise (UniqueVisitorCount, TextCount).
 */
export const LISTING_ANALYTICS_METRICS = [
  'ViewCount',
  'UniqueVisitorCount',
  'PhotoGalleryCount',
  'InquiryCount',
  'ShowingRequestedCount',
  'TextCount',
] as const;
export type TListingAnalyticsMetric = (typeof LISTING_ANALYTICS_METRICS)[number];

/**
 * What `app.listingAnalytics.count(listingId, metric, at?)` adds one to. Page views and unique
 * visitors are counted only from the page's beacon (a view needs its visitor hash).
 */
export const LISTING_ANALYTICS_COUNTABLE = [
  'PhotoGalleryCount',
  'InquiryCount',
  'ShowingRequestedCount',
  'TextCount',
] as const satisfies readonly TListingAnalyticsMetric[];
export type TListingAnalyticsCountable = (typeof LISTING_ANALYTICS_COUNTABLE)[number];

/** What owners read: the chart legends, the table headers, the CSV columns and the weekly mail. */
export const LISTING_ANALYTICS_LABELS: Record<TListingAnalyticsMetric, string> = {
  ViewCount: 'Page views',
  UniqueVisitorCount: 'Unique visitors',
  PhotoGalleryCount: 'Gallery opens',
  InquiryCount: 'Questions',
  ShowingRequestedCount: 'Showing requests',
  TextCount: 'Texts',
};

/** The longest range one request covers (a leap year), and the default: today and the 29 days before. */
export const LISTING_ANALYTICS_DAYS_MAX = 366;
export const LISTING_ANALYTICS_DAYS_DEFAULT = 30;

export const LISTING_ANALYTICS_API = {
  /** GET ?property=&from=&to=: the daily series. */
  analytics: '/api/dashboard/listing/analytics',
  /** GET ?property=&from=&to=: the same days and columns as CSV. */
  export: '/api/dashboard/listing/analytics/export.csv',
  /** PUT {weeklySummary}: the signed-in owner's weekly summary mail on or off. */
  summaryMail: '/api/dashboard/listing/analytics/summary-mail',
} as const;

/**
 * The weekly summary's unsubscribe address: GET shows a page asking to confirm, POST (its button,
 * or a mail program's RFC 8058 one-click) stops the mail. `?token=` is signed; no sign-in.
 */
export const LISTING_SUMMARY_UNSUBSCRIBE_PATH = '/unsubscribe/listing-summary';

export const ZListingAnalyticsQuerySchema = z.object({
  property: ZPropertyHashSchema,
  from: ZDaySchema.optional(),
  to: ZDaySchema.optional(),
});
export type TListingAnalyticsQuery = z.input<typeof ZListingAnalyticsQuerySchema>;

const count = z.number().int().min(0);
export const ZListingAnalyticsFiguresSchema = z.object({
  ViewCount: count,
  UniqueVisitorCount: count,
  PhotoGalleryCount: count,
  InquiryCount: count,
  ShowingRequestedCount: count,
  TextCount: count,
});
export type TListingAnalyticsFigures = z.infer<typeof ZListingAnalyticsFiguresSchema>;

export const ZListingAnalyticsSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** The listing's IANA zone, whose calendar days these are. */
  timeZone: z.string(),
  /** Today in that zone (the quick ranges end on it). */
  today: z.string(),
  /** Every day of the range, oldest first, zeros included. */
  days: z.array(ZListingAnalyticsFiguresSchema.extend({ day: z.string() })),
  totals: ZListingAnalyticsFiguresSchema,
  /** Whether the signed-in owner gets the weekly summary by mail. */
  weeklySummary: z.boolean(),
});
export type TListingAnalytics = z.infer<typeof ZListingAnalyticsSchema>;

export const ZListingSummaryMailRequestSchema = z.object({
  property: ZPropertyHashSchema,
  weeklySummary: z.boolean(),
});
export type TListingSummaryMailRequest = z.infer<typeof ZListingSummaryMailRequestSchema>;
export const ZListingSummaryMailResponseSchema = z.object({ weeklySummary: z.boolean() });

/** The public listing's id in a beacon's path. */
export const ZListingBeaconParamsSchema = z.object({ id: singleLineText().min(1).max(64) });

/** The unsubscribe link's query. */
export const ZListingSummaryUnsubscribeQuerySchema = z.object({
  token: singleLineText().min(1).max(1000),
});

export const LISTING_ANALYTICS_TEXTS = {
  tab: 'Analytics',
  title: 'Visits and leads',
  intro:
    'How many people looked at your listing and got in touch, day by day. We count without cookies and without any outside service; search engines and other robots are left out.',
  days: (zone: string) => `Calendar days in the ${zone} time zone, where the home is.`,
  visitsChart: 'Visits',
  leadsChart: 'Gallery opens and leads',
  tableCaption: 'Visits and leads by day',
  download: 'Download CSV',
  downloadHint: 'of visits and leads by day',
  nothingYet: 'Nobody has visited your listing in these days yet.',
  weeklySummary: 'Email me a weekly summary of these numbers',
  weeklySummaryOn: 'You will get a summary on Mondays after a week with visits or leads.',
  weeklySummaryOff: 'You will not get the weekly summary.',
  unsubscribeTitle: 'Stop the weekly listing summary',
  unsubscribeAsk: (email: string) =>
    `Stop sending the weekly summary of your listing's visits to ${email}?`,
  unsubscribeButton: 'Stop these emails',
  unsubscribed: (email: string) =>
    `Done: ${email} will no longer get the weekly listing summary. You can turn it back on under Analytics on your listing's page in your dashboard.`,
  badLink:
    'This unsubscribe link is not valid. Please use the link in your most recent summary email, or turn the summary off under Analytics on your listing’s page in your dashboard.',
} as const;
