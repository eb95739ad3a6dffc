import {
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { calendarDate, createdAt, keyColumns, tz } from './columns.ts';
import { orders } from './orders.ts';
import { properties } from './properties.ts';
import { users } from './users.ts';

/**
 * preparing: paid, the job has not made it yet. ready: made. not_valued: made, but the data
 * could not support a figure (Free Comps says why). refunded: the data no longer covered the
 * home when a paid report was due, so it was refunded instead.
 */
export const valuationReportStatus = pgEnum('valuation_report_status', [
  'preparing',
  'ready',
  'not_valued',
  'refunded',
]);

/**
 * Every version of a valuation product delivered for an order (issue 38; docs/decisions/063).
 * `content` is the report as the customer reads it (the contracts' TValuationReport without the
 * summary fields), frozen when made: later sales or edits never change a delivered report.
 */
export const valuationReports = pgTable(
  'valuation_reports',
  {
    ...keyColumns(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    product: text('product').notNull(),
    version: smallint('version').notNull(),
    status: valuationReportStatus('status').notNull(),
    content: jsonb('content'),
    asOf: calendarDate('as_of'),
    /** The PDF in file storage (paid reports). */
    pdfKey: text('pdf_key'),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    readyAt: tz('ready_at'),
  },
  (t) => [
    uniqueIndex('valuation_reports_order_version_uq').on(t.orderId, t.version),
    index('valuation_reports_property_idx').on(t.propertyId, t.createdAt),
  ],
);
export type ValuationReport = typeof valuationReports.$inferSelect;
