import {
  LISTING_ANALYTICS_LABELS,
  type TListingAnalytics,
  type TListingAnalyticsMetric,
} from '@lantern/contracts';

/** Okabe and Ito's colours, told apart with the common colour-vision deficiencies. */
export const METRIC_COLOURS: Record<TListingAnalyticsMetric, string> = {
  ViewCount: '#0072B2',
  UniqueVisitorCount: '#E69F00',
  PhotoGalleryCount: '#56B4E9',
  InquiryCount: '#009E73',
  ShowingRequestedCount: '#D55E00',
  TextCount: '#CC79A7',
};

/** The two charts: visits as lines, gallery opens and leads as bars. */
export const VISIT_METRICS = ['ViewCount', 'UniqueVisitorCount'] as const;
export const LEAD_METRICS = [
  'PhotoGalleryCount',
  'InquiryCount',
  'ShowingRequestedCount',
  'TextCount',
] as const;

export interface ChartSeries {
  label: string;
  values: readonly number[];
  colour: string;
}

export const seriesOf = (
  report: TListingAnalytics,
  metrics: readonly TListingAnalyticsMetric[],
): ChartSeries[] =>
  metrics.map((m) => ({
    label: LISTING_ANALYTICS_LABELS[m],
    values: report.days.map((d) => d[m]),
    colour: METRIC_COLOURS[m],
  }));

const SHORT = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const LONG = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const at = (day: string) => new Date(`${day}T00:00:00Z`);

/** "Jun 3" on the chart's axis; "Tue, Jun 3, 2025" in the table and summaries. */
export const shortDay = (day: string) => SHORT.format(at(day));
export const longDay = (day: string) => LONG.format(at(day));
