import { z } from 'zod';
import { ZPropertyHashSchema } from '../dashboard/property-hash.ts';
import { singleLineText } from '../text.ts';

export const ORDER_STATUSES = [
  'pending_payment',
  'quote_requested',
  'confirmed',
  'completed',
  'cancelled',
] as const;
export const ZOrderStatusSchema = z.enum(ORDER_STATUSES);
export type TOrderStatus = z.infer<typeof ZOrderStatusSchema>;

/** Statuses during which the same product cannot be ordered again for the property. */
export const ACTIVE_ORDER_STATUSES: readonly TOrderStatus[] = [
  'pending_payment',
  'quote_requested',
  'confirmed',
];

export const ORDER_STATUS_LABELS: Record<TOrderStatus, string> = {
  pending_payment: 'Awaiting payment',
  quote_requested: 'Quote requested',
  confirmed: 'Confirmed',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

export const ORDER_MESSAGES = {
  notOffered: 'This service is not offered for this property.',
  cannotOrder: 'Only participants who can edit this property can order services for it.',
  duplicate: 'You already have an order for this service on this property.',
  couponUnknown: 'This coupon code is not valid.',
  couponExpired: 'This coupon code has expired.',
  couponNotForProduct: 'This coupon code does not apply to this service.',
  couponNotForQuote:
    'A coupon can be used once the service has a price. Ask us when we send your quote.',
  couponTooLong: 'Coupon codes are at most 40 characters.',
  couponNotStarted: 'This coupon code cannot be used yet.',
  couponUsedUp: 'This coupon code has been used as many times as it allows.',
  couponAlreadyUsed: 'You have already used this coupon code.',
  couponFirstOrderOnly: 'This coupon code is for a first order only.',
  /** MLS listing orders: one listing per board (decision 056). */
  mlsSameBoard: (board: string) =>
    `This property already has an MLS listing ordered on ${board}. A second one there would list it twice. To reach more agents, add a listing on another MLS that covers the county.`,
  mlsOneBoard:
    'This property already has an MLS listing ordered, and no other MLS covers its county, so a second order would list it twice.',
  mlsEveryBoard:
    'This property already has an MLS listing ordered on every MLS that covers its county.',
  mlsChooseFirst:
    'Choose the MLS of your first listing at its Location step before adding another MLS.',
  mlsBoardRequired: 'Choose which other MLS to list this property on.',
  mlsBoardNotForCounty: 'That MLS does not cover this property’s county.',
} as const;

/** POST /api/dashboard/orders. */
export const ZPlaceOrderRequestSchema = z.object({
  property: ZPropertyHashSchema,
  product: singleLineText().trim().min(1).max(80),
  coupon: z
    .string()
    .trim()
    .max(40, ORDER_MESSAGES.couponTooLong)
    .regex(/^[A-Za-z0-9_-]*$/, ORDER_MESSAGES.couponUnknown)
    .optional()
    .default(''),
  /** An MLS listing order: the board (its slug) to list on, when several cover the county. */
  board: singleLineText().trim().max(80).optional(),
});
export type TPlaceOrderRequest = z.input<typeof ZPlaceOrderRequestSchema>;
export type TPlaceOrderParsed = z.output<typeof ZPlaceOrderRequestSchema>;

export const ZOrderSchema = z.object({
  hash: z.string(),
  property: z.string(),
  product: z.string(),
  productName: z.string(),
  /** The catalogue price when ordered; null when quoted per property. */
  priceCents: z.number().int().nonnegative().nullable(),
  couponCode: z.string().nullable(),
  status: ZOrderStatusSchema,
  /** Its invoice's hash; null until there is one (a quote not yet sent). */
  invoice: z.string().nullable(),
  /** An MLS listing order's board, by name, once known. */
  board: z.string().nullable().optional(),
  createdAt: z.string(),
});
export type TOrder = z.infer<typeof ZOrderSchema>;

export const ZPlaceOrderResponseSchema = z.object({ order: ZOrderSchema });
export type TPlaceOrderResponse = z.infer<typeof ZPlaceOrderResponseSchema>;

/** GET /api/dashboard/orders?property=HASH: the property's orders, newest first. */
export const ZOrderListResponseSchema = z.object({ orders: z.array(ZOrderSchema) });
export type TOrderListResponse = z.infer<typeof ZOrderListResponseSchema>;

/** GET /api/dashboard/orders/mls-boards?property=: where the property can be listed (056). */
export const ZMlsBoardChoicesSchema = z.object({
  boards: z.array(
    z.object({
      slug: z.string(),
      name: z.string(),
      shortName: z.string(),
      /** An active MLS listing order of the property is on this board. */
      listed: z.boolean(),
    }),
  ),
  /** Some MLS listing order is active (its board may not be chosen yet). */
  ordered: z.boolean(),
  /** Another board can be added now ("Add another MLS"). */
  canAdd: z.boolean(),
});
export type TMlsBoardChoices = z.infer<typeof ZMlsBoardChoicesSchema>;
