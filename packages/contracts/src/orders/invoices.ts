import { z } from 'zod';
import { ZPropertyHashSchema } from '../dashboard/property-hash.ts';
import { singleLineText } from '../text.ts';

export const INVOICE_STATUSES = ['open', 'paid', 'partially_refunded', 'refunded', 'void'] as const;
export const ZInvoiceStatusSchema = z.enum(INVOICE_STATUSES);
export type TInvoiceStatus = z.infer<typeof ZInvoiceStatusSchema>;

export const INVOICE_STATUS_LABELS: Record<TInvoiceStatus, string> = {
  open: 'Due',
  paid: 'Paid',
  partially_refunded: 'Partially refunded',
  refunded: 'Refunded',
  void: 'Void',
};

/**
 * An order's own invoice, the charge for a failed trip on it (docs/decisions/046), or an hourly
 * agent's hours billed on it (docs/decisions/050).
 */
export const INVOICE_KINDS = ['order', 'trip_charge', 'agent_hours'] as const;
export type TInvoiceKind = (typeof INVOICE_KINDS)[number];

/** How a payment reached us (docs/decisions/020-payments.md); staff record all but card. */
export const PAYMENT_METHODS = ['card', 'check', 'bank_transfer', 'cash'] as const;
export const ZPaymentMethodSchema = z.enum(PAYMENT_METHODS);
export type TPaymentMethod = z.infer<typeof ZPaymentMethodSchema>;
export const PAYMENT_METHOD_LABELS: Record<TPaymentMethod, string> = {
  card: 'Card',
  check: 'Check',
  bank_transfer: 'Bank transfer',
  cash: 'Cash',
};

export const ZInvoicePaymentSchema = z.object({
  hash: z.string(),
  amountCents: z.number().int(),
  method: ZPaymentMethodSchema,
  reference: z.string(),
  /** YYYY-MM-DD */
  receivedOn: z.string(),
});
export type TInvoicePayment = z.infer<typeof ZInvoicePaymentSchema>;

export const ZInvoiceRefundSchema = z.object({
  hash: z.string(),
  /** The payment it gave money back from. */
  payment: z.string(),
  amountCents: z.number().int(),
  reason: z.string(),
  createdAt: z.string(),
});
export type TInvoiceRefund = z.infer<typeof ZInvoiceRefundSchema>;

/** Days from issue to the due date (docs/decisions/010-orders-and-invoices.md). */
export const INVOICE_DUE_DAYS = 14;

export const ZInvoiceSummarySchema = z.object({
  hash: z.string(),
  /** INV-000042 */
  number: z.string(),
  property: z.string(),
  streetAddress: z.string(),
  description: z.string(),
  /** The order's own invoice, or a trip charge on the same order. */
  kind: z.enum(INVOICE_KINDS),
  status: ZInvoiceStatusSchema,
  totalCents: z.number().int(),
  /** YYYY-MM-DD */
  dueDate: z.string(),
  issuedAt: z.string(),
});
export type TInvoiceSummary = z.infer<typeof ZInvoiceSummarySchema>;

/** Invoice line wording that is ours rather than a product's name. */
export const INVOICE_LINE_TEXTS = {
  deposit: 'Refundable deposit',
  notTaxed: 'No sales tax',
  /** Before the product's name, in a trip charge's description ("Trip charge: Photography"). */
  tripChargePrefix: 'Trip charge: ',
  /** Before the product's name, in an agent's hours invoice ("Agent hours: Seller ..."). */
  agentHoursPrefix: 'Agent hours: ',
  /** One line per logged entry of an agent's hours invoice. */
  agentHoursLine: (day: string, minutes: number, note: string) =>
    `${day}: ${minutes} min${note ? ` — ${note}` : ''}`,
  /** The trip charge's one line: the trip that failed and its day. */
  tripChargeLine: (trip: string, day: string | null) =>
    `Trip charge: ${trip.toLowerCase()}${day ? ` on ${day}` : ''} that could not be finished`,
} as const;

export const ZInvoiceLineSchema = z.object({
  description: z.string(),
  quantity: z.number().int(),
  unitPriceCents: z.number().int(),
  amountCents: z.number().int(),
  /** Sales tax applies; a refundable deposit does not. */
  taxable: z.boolean(),
});

export const ZInvoiceDetailSchema = ZInvoiceSummarySchema.extend({
  address: z.object({
    street: z.string(),
    unit: z.string().nullable(),
    city: z.string(),
    state: z.string(),
    zipCode: z.string(),
  }),
  billedTo: z.string(),
  lines: z.array(ZInvoiceLineSchema),
  subtotalCents: z.number().int(),
  couponCode: z.string().nullable(),
  discountCents: z.number().int(),
  taxRateBasisPoints: z.number().int(),
  taxCents: z.number().int(),
  paidAt: z.string().nullable(),
  /** Sum of the payments, of the refunds, and what is still owed (total − paid, never < 0). */
  paidCents: z.number().int(),
  refundedCents: z.number().int(),
  balanceCents: z.number().int(),
  payments: z.array(ZInvoicePaymentSchema),
  refunds: z.array(ZInvoiceRefundSchema),
  /** How to pay by check or bank transfer (PAYMENT_INSTRUCTIONS) while something is owed. */
  paymentInstructions: z.string().nullable(),
  /** Whether "Pay" (a card, through Stripe Checkout) is offered: card payments set up, invoice open. */
  cardPayments: z.boolean(),
});
export type TInvoiceDetail = z.infer<typeof ZInvoiceDetailSchema>;

/** GET /api/dashboard/invoices[?property=HASH] */
export const ZInvoiceListQuerySchema = z.object({ property: ZPropertyHashSchema.optional() });
export const ZInvoiceListResponseSchema = z.object({ invoices: z.array(ZInvoiceSummarySchema) });
export type TInvoiceListResponse = z.infer<typeof ZInvoiceListResponseSchema>;

export const ZInvoiceParamsSchema = z.object({ hash: singleLineText().min(1).max(64) });
export const ZInvoiceResponseSchema = z.object({ invoice: ZInvoiceDetailSchema });
export type TInvoiceResponse = z.infer<typeof ZInvoiceResponseSchema>;

/** POST /api/dashboard/invoices/{hash}/checkout: where the browser goes to pay by card. */
export const ZCheckoutResponseSchema = z.object({ url: z.string() });
export type TCheckoutResponse = z.infer<typeof ZCheckoutResponseSchema>;
