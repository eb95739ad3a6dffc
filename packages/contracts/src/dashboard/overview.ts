import { z } from 'zod';
import type { TInvoiceStatus } from '../orders/invoices.ts';
import type { TOrderStatus } from '../orders/orders.ts';
import { ZPropertyMenuEntrySchema } from './user-properties.ts';

/** Where a property stands, from its orders and invoices (the overview's status column). */
export const PROPERTY_STATUSES = ['new', 'payment_due', 'quote_requested', 'in_progress'] as const;
export const ZPropertyStatusSchema = z.enum(PROPERTY_STATUSES);
export type TPropertyStatus = z.infer<typeof ZPropertyStatusSchema>;

export const PROPERTY_STATUS_LABELS: Record<TPropertyStatus, string> = {
  new: 'Getting started',
  payment_due: 'Payment due',
  quote_requested: 'Waiting for a quote',
  in_progress: 'Services under way',
};

/** The most pressing state wins: money owed, then a pending quote, then work under way. */
export function propertyStatus(
  orders: readonly TOrderStatus[],
  invoices: readonly TInvoiceStatus[],
): TPropertyStatus {
  if (invoices.includes('open')) return 'payment_due';
  if (orders.includes('quote_requested')) return 'quote_requested';
  if (orders.some((s) => s === 'confirmed' || s === 'completed' || s === 'pending_payment'))
    return 'in_progress';
  return 'new';
}

export const ZOverviewPropertySchema = ZPropertyMenuEntrySchema.extend({
  status: ZPropertyStatusSchema,
  /** The oldest invoice still due, for the 'pay' next step. */
  dueInvoice: z.string().nullable(),
});
export type TOverviewProperty = z.infer<typeof ZOverviewPropertySchema>;

/** GET /api/dashboard/overview: every property of the user with its status. */
export const ZOverviewResponseSchema = z.object({ properties: z.array(ZOverviewPropertySchema) });
export type TOverviewResponse = z.infer<typeof ZOverviewResponseSchema>;

export const ACTIVITY_KINDS = [
  'property_created',
  'property_updated',
  'order_placed',
  'quote_requested',
  'invoice_issued',
  'invoice_paid',
  'message_posted',
] as const;

export const ZActivityItemSchema = z.object({
  kind: z.enum(ACTIVITY_KINDS),
  at: z.string(),
  /** The service, for order and invoice items. */
  productName: z.string().nullable(),
  invoice: z
    .object({ hash: z.string(), number: z.string(), totalCents: z.number().int() })
    .nullable(),
  /** Who wrote, for message items: a participant's name (or email), or null for our team. */
  author: z.string().nullable().optional(),
});
export type TActivityItem = z.infer<typeof ZActivityItemSchema>;

/** GET /api/dashboard/activity?property=HASH: the newest first. */
export const ZActivityResponseSchema = z.object({ activity: z.array(ZActivityItemSchema) });
export type TActivityResponse = z.infer<typeof ZActivityResponseSchema>;

/** How many activity items the overview shows. */
export const ACTIVITY_LIMIT = 20;
