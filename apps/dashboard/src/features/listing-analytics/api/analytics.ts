import {
  LISTING_ANALYTICS_API,
  ZListingAnalyticsSchema,
  ZListingSummaryMailResponseSchema,
} from '@lantern/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export interface AnalyticsRange {
  from?: string | undefined;
  to?: string | undefined;
}

/** `?property=…&from=…&to=…`, with only the days chosen (the server fills in the last 30). */
function query(property: string, range: AnalyticsRange): string {
  const q = new URLSearchParams({ property });
  if (range.from) q.set('from', range.from);
  if (range.to) q.set('to', range.to);
  return `?${q}`;
}

const key = (property: string) => ['dashboard', 'listing', property, 'analytics'] as const;

/** The listing's visits and leads by day (issue 22; decision 042). */
export const useListingAnalytics = (property: string, range: AnalyticsRange) =>
  useQuery({
    queryKey: [...key(property), range.from ?? '', range.to ?? ''],
    queryFn: ({ signal }) =>
      api.get(`${LISTING_ANALYTICS_API.analytics}${query(property, range)}`, {
        schema: ZListingAnalyticsSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
    retry: false,
  });

/** The CSV of the days on screen (those the server answered, so the file matches the table). */
export const analyticsExportHref = (property: string, from: string, to: string) =>
  `${LISTING_ANALYTICS_API.export}${query(property, { from, to })}`;

/** The signed-in owner's weekly summary mail on or off. */
export function useWeeklySummaryMail(property: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (weeklySummary: boolean) =>
      api.request('PUT', LISTING_ANALYTICS_API.summaryMail, {
        body: { property, weeklySummary },
        schema: ZListingSummaryMailResponseSchema,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: key(property) }),
  });
}
