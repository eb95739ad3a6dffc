import {
  type TMarketingList,
  type TPage,
  ZMarketingExportQuerySchema,
  ZMarketingOrdersPageSchema,
  ZMarketingOwnersPageSchema,
  ZMarketingPropertiesPageSchema,
  ZMarketingQuerySchema,
} from '@lantern/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { MARKETING_CSV } from '../../../features/staff/marketing/marketing-lists.ts';
import type { MarketingFilters } from '../../../features/staff/marketing-lists.repository.ts';
import { type CsvColumn, csvFileName, csvStream } from '../../../lib/csv-stream.ts';
import { ERRORS, page } from '../../_shared/replies.ts';

const SUMMARIES: Record<TMarketingList, string> = {
  owners: 'People who own a property (seller or landlord), with their opt-ins',
  properties: 'Properties with an owner, each with its first owner and their opt-ins',
  orders: 'Orders with their product, property and customer, with the customer’s opt-ins',
};

/**
 * Marketing lists (issue 23): owners, properties and orders by state, county, product, date and
 * opt-in. Exports stream every matching row of people who opted in, and only those.
 */
const marketingRoutes: FastifyPluginAsyncZod = async (app) => {
  function routes<R>(
    list: TMarketingList,
    pageSchema: z.ZodType<TPage<R>>,
    load: (f: MarketingFilters) => Promise<TPage<R>>,
    columns: ReadonlyArray<CsvColumn<R>>,
  ) {
    app.get(
      `/marketing/${list}`,
      {
        config: { access: { staff: ['marketing.lists'] } },
        schema: {
          tags: ['admin'],
          summary: SUMMARIES[list],
          querystring: ZMarketingQuerySchema,
          response: { 200: pageSchema, ...ERRORS },
        },
      },
      async (request, reply) => (await page(reply, () => load(request.query))) ?? reply,
    );

    app.get(
      `/marketing/${list}/export.csv`,
      {
        config: {
          access: { staff: ['marketing.lists', 'data.export'] },
          audit: { action: `marketing.${list}.export`, reads: true },
        },
        schema: {
          tags: ['admin'],
          summary: `The ${list} list as CSV: only people who opted in, streamed in batches of 1,000`,
          querystring: ZMarketingExportQuerySchema,
        },
      },
      async (request, reply) => {
        const stream = csvStream({
          columns,
          fetchPage: (cursor) =>
            load({
              ...request.query,
              optedInOnly: true,
              limit: 1000,
              cursor,
            }),
          onError: (err) => request.log.error({ err }, 'marketing export failed'),
        });
        return reply
          .type('text/csv; charset=utf-8')
          .header(
            'content-disposition',
            `attachment; filename="${csvFileName(`marketing-${list}`)}"`,
          )
          .header('cache-control', 'private, no-store')
          .send(stream);
      },
    );
  }

  const lists = app.marketingLists;
  routes('owners', ZMarketingOwnersPageSchema, lists.owners, MARKETING_CSV.owners);
  routes('properties', ZMarketingPropertiesPageSchema, lists.properties, MARKETING_CSV.properties);
  routes('orders', ZMarketingOrdersPageSchema, lists.orders, MARKETING_CSV.orders);
};

export default marketingRoutes;
