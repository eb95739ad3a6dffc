import {
  LISTING_ANALYTICS_LABELS,
  LISTING_ANALYTICS_METRICS,
  type TListingAnalytics,
  ZListingAnalyticsQuerySchema,
  ZListingAnalyticsSchema,
  ZListingSummaryMailRequestSchema,
  ZListingSummaryMailResponseSchema,
} from '@lantern/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type CsvColumn, csvStream } from '../../../../lib/csv-stream.ts';
import { ERRORS, FILE_ERRORS, fileReply, refused } from '../../../_shared/replies.ts';

type Day = TListingAnalytics['days'][number];

/** The CSV has the table's columns: the day, then each figure. */
const COLUMNS: ReadonlyArray<CsvColumn<Day>> = [
  { header: 'Day', value: (d) => d.day },
  ...LISTING_ANALYTICS_METRICS.map((m) => ({
    header: LISTING_ANALYTICS_LABELS[m],
    value: (d: Day) => d[m],
  })),
];

/**
 * The Analytics tab of /dashboard/listing (issue 22; decision 042): the listing's daily visits
 * and leads for a range of days (default the last 30 in the listing's zone), the same as CSV, and
 * the owner's weekly summary mail on or off. Only the listing's side gets them; anyone else a 404.
 */
const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/analytics',
    {
      schema: {
        tags: ['listing-tools'],
        summary: "The listing's page views, visitors, gallery opens and leads by day",
        querystring: ZListingAnalyticsQuerySchema,
        response: { 200: ZListingAnalyticsSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const { property, ...range } = request.query;
      const opened = await app.ownedListings.open(request.user.userId, property);
      if (!opened.ok) return refused(reply, opened);
      const outcome = await app.listingAnalytics.series(
        opened.ctx.listing,
        request.user.userId,
        range,
      );
      if (!outcome.ok) return refused(reply, outcome);
      return outcome.value;
    },
  );

  app.get(
    '/analytics/export.csv',
    {
      schema: {
        response: FILE_ERRORS,
        tags: ['listing-tools'],
        summary: 'The same days and figures as CSV',
        querystring: ZListingAnalyticsQuerySchema,
      },
    },
    async (request, reply) => {
      const { property, ...range } = request.query;
      const opened = await app.ownedListings.open(request.user.userId, property);
      if (!opened.ok) return refused(reply, opened);
      const outcome = await app.listingAnalytics.series(
        opened.ctx.listing,
        request.user.userId,
        range,
      );
      if (!outcome.ok) return refused(reply, outcome);
      const { days, from, to } = outcome.value;
      // At most 366 rows: one batch through the shared export helper (BOM, formula defusing).
      const stream = csvStream<Day>({
        columns: COLUMNS,
        fetchPage: async () => ({ rows: days, nextCursor: null }),
        onError: (err) => reply.log.error({ err }, 'listing analytics export failed'),
      });
      return fileReply(reply)
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="listing-analytics-${from}-to-${to}.csv"`,
        )
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  );

  app.put(
    '/analytics/summary-mail',
    {
      schema: {
        tags: ['listing-tools'],
        summary: 'Turn the weekly summary mail on or off for the signed-in owner',
        body: ZListingSummaryMailRequestSchema,
        response: { 200: ZListingSummaryMailResponseSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const opened = await app.ownedListings.open(request.user.userId, request.body.property);
      if (!opened.ok) return refused(reply, opened);
      const on = await app.listingAnalytics.setWeeklySummary(
        request.user.userId,
        request.body.weeklySummary,
      );
      return { weeklySummary: on };
    },
  );
};

export default analyticsRoutes;
