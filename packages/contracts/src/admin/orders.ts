import { z } from 'zod';
import { ORDER_STATUSES, ZOrderStatusSchema } from '../orders/orders.ts';
import { multilineText, singleLineText } from '../text.ts';
import { PAYMENT_MAX_CENTS } from './invoices.ts';
import { pageSchema, ZListQuerySchema } from './table.ts';

/**
 * Staff's order management (issue 21; docs/decisions/038-order-management.md): every order with
 * its property, customer, invoice and state; staff price a quote (which issues the invoice and
 * tells the customer), cancel, complete, and add notes.
 */
export const ADMIN_ORDERS_API = {
  orders: '/api/admin/orders',
  order: (hash: string) => `/api/admin/orders/${encodeURIComponent(hash)}`,
  quote: (hash: string) => `/api/admin/orders/${encodeURIComponent(hash)}/quote`,
  cancel: (hash: string) => `/api/admin/orders/${encodeURIComponent(hash)}/cancel`,
  complete: (hash: string) => `/api/admin/orders/${encodeURIComponent(hash)}/complete`,
  notes: (hash: string) => `/api/admin/orders/${encodeURIComponent(hash)}/notes`,
} as const;

export const ORDER_ADMIN_TEXTS = {
  notQuote: 'Only an order waiting for a quote can be priced.',
  price: 'Enter the price in dollars and cents.',
  priceTooBig: 'A price is at most $100,000.',
  notCancellable: 'This order is already completed or cancelled.',
  paidFirst:
    'This order has money paid on its invoice. Refund the payment on the invoice page first, then cancel.',
  notConfirmed: 'Only a confirmed (paid) order can be marked completed.',
  reason: 'Say why the order is cancelled; the customer reads it.',
  note: 'Write the note.',
  noteTooLong: 'Keep the note under 2,000 characters.',
} as const;

export const ZAdminOrdersQuerySchema = ZListQuerySchema.extend({
  sort: z.enum(['created']).default('created'),
  status: z.enum(['all', ...ORDER_STATUSES]).default('all'),
  product: singleLineText().max(80).optional(),
});
export type TAdminOrdersQuery = z.output<typeof ZAdminOrdersQuerySchema>;

export const ZAdminOrderRowSchema = z.object({
  hash: z.string(),
  product: z.object({ slug: z.string(), name: z.string() }),
  status: ZOrderStatusSchema,
  /** The catalogue price when ordered, or staff's quote; null while a quote is awaited. */
  priceCents: z.number().int().nullable(),
  property: z.object({ hash: z.string(), address: z.string() }),
  customer: z.object({ hash: z.string(), email: z.string() }),
  invoice: z
    .object({ hash: z.string(), status: z.string(), totalCents: z.number().int() })
    .nullable(),
  createdAt: z.string(),
});
export type TAdminOrderRow = z.infer<typeof ZAdminOrderRowSchema>;
export const ZAdminOrdersPageSchema = pageSchema(ZAdminOrderRowSchema);

export const ZAdminOrderDetailSchema = ZAdminOrderRowSchema.extend({
  couponCode: z.string().nullable(),
  notes: z.array(
    z.object({ id: z.number().int(), body: z.string(), by: z.string().nullable(), at: z.string() }),
  ),
  /** What staff may do now. */
  can: z.object({ quote: z.boolean(), cancel: z.boolean(), complete: z.boolean() }),
});
export type TAdminOrderDetail = z.infer<typeof ZAdminOrderDetailSchema>;

export const ZAdminOrderParamsSchema = z.object({ hash: singleLineText().max(64) });

export const ZPriceQuoteRequestSchema = z.object({
  priceCents: z
    .number({ error: ORDER_ADMIN_TEXTS.price })
    .int(ORDER_ADMIN_TEXTS.price)
    .min(0, ORDER_ADMIN_TEXTS.price)
    .max(PAYMENT_MAX_CENTS, ORDER_ADMIN_TEXTS.priceTooBig),
});
export type TPriceQuoteRequest = z.input<typeof ZPriceQuoteRequestSchema>;

export const ZCancelOrderRequestSchema = z.object({
  reason: multilineText()
    .trim()
    .min(1, ORDER_ADMIN_TEXTS.reason)
    .max(500, 'Keep the reason under 500 characters.'),
});
export type TCancelOrderRequest = z.input<typeof ZCancelOrderRequestSchema>;

export const ZOrderNoteRequestSchema = z.object({
  body: multilineText()
    .trim()
    .min(1, ORDER_ADMIN_TEXTS.note)
    .max(2000, ORDER_ADMIN_TEXTS.noteTooLong),
});
export type TOrderNoteRequest = z.input<typeof ZOrderNoteRequestSchema>;
