import { sql } from 'drizzle-orm';
import { check, index, integer, pgEnum, pgTable, text } from 'drizzle-orm/pg-core';
import { calendarDate, createdAt, serialId, tz, updatedAt } from './columns.ts';
import { invoices, orders } from './orders.ts';
import { properties } from './properties.ts';
import { users } from './users.ts';

/**
 * Time an assigned agent worked for an hourly representation order (issue 24; decision 050).
 * The customer sees every entry; staff bill the unbilled ones into an invoice of kind
 * `agent_hours` on the order. `invoice_id` is set once, in the transaction that makes the
 * invoice, and a billed entry never changes again (a trigger refuses it).
 */
export const agentHours = pgTable(
  'agent_hours',
  {
    id: serialId(),
    hash: text('hash').notNull().unique(),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    /** The hourly representation order the time is billed on. */
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    agentId: integer('agent_id').references(() => users.id, { onDelete: 'set null' }),
    /** The day worked, as the agent gives it (a calendar day, not an instant). */
    workDay: calendarDate('work_day').notNull(),
    minutes: integer('minutes').notNull(),
    note: text('note').notNull(),
    /** The invoice that billed it; null until billed. */
    invoiceId: integer('invoice_id').references(() => invoices.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('agent_hours_property_idx').on(t.propertyId, t.workDay),
    index('agent_hours_unbilled_idx').on(t.orderId).where(sql`${t.invoiceId} is null`),
    check('agent_hours_minutes', sql`${t.minutes} between 1 and 1440`),
  ],
);

/** RESO-like offer states as our agents record them (decision 050). */
export const offerStatus = pgEnum('offer_status', [
  'received',
  'countered',
  'accepted',
  'rejected',
  'withdrawn',
  'expired',
]);

/** An offer on a property, recorded by its assigned agent; the customer sees it (issue 24). */
export const propertyOffers = pgTable(
  'property_offers',
  {
    id: serialId(),
    hash: text('hash').notNull().unique(),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    recordedBy: integer('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    priceCents: integer('price_cents').notNull(),
    /** The buyer's agent as the offer names them (name and brokerage, free text). */
    buyerAgent: text('buyer_agent').notNull(),
    expiresAt: tz('expires_at').notNull(),
    status: offerStatus('status').notNull().default('received'),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('property_offers_property_idx').on(t.propertyId, t.createdAt),
    check('property_offers_price_cents', sql`${t.priceCents} > 0`),
  ],
);

export type AgentHour = typeof agentHours.$inferSelect;
export type PropertyOffer = typeof propertyOffers.$inferSelect;
