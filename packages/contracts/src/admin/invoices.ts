import { z } from 'zod';
import {
  INVOICE_STATUSES,
  ZInvoiceDetailSchema,
  ZInvoicePaymentSchema,
  ZInvoiceRefundSchema,
  ZInvoiceStatusSchema,
} from '../orders/invoices.ts';
import { ORDER_STATUSES } from '../orders/orders.ts';
import { multilineText, singleLineText } from '../text.ts';
import { pageSchema, ZListQuerySchema } from './table.ts';

/** Staff's invoice list and one invoice, where payments are recorded (issue 17). */
export const ZAdminInvoicesQuerySchema = ZListQuerySchema.extend({
  sort: z.enum(['number', 'due']).default('number'),
  status: z.enum(['all', ...INVOICE_STATUSES]).default('all'),
});
export type TAdminInvoicesQuery = z.input<typeof ZAdminInvoicesQuerySchema>;

export const ZAdminInvoiceRowSchema = z.object({
  hash: z.string(),
  number: z.string(),
  billedTo: z.string(),
  streetAddress: z.string(),
  description: z.string(),
  status: ZInvoiceStatusSchema,
  totalCents: z.number().int(),
  paidCents: z.number().int(),
  dueDate: z.string(),
  issuedAt: z.string(),
});
export type TAdminInvoiceRow = z.infer<typeof ZAdminInvoiceRowSchema>;
export const ZAdminInvoicesPageSchema = pageSchema(ZAdminInvoiceRowSchema);

export const ZAdminInvoiceHashParamsSchema = z.object({ hash: singleLineText().min(1).max(64) });

export const ZAdminInvoiceDetailSchema = ZInvoiceDetailSchema.omit({
  paymentInstructions: true,
  cardPayments: true,
  payments: true,
  refunds: true,
}).extend({
  orderStatus: z.enum(ORDER_STATUSES),
  payments: z.array(ZInvoicePaymentSchema.extend({ recordedBy: z.string().nullable() })),
  refunds: z.array(ZInvoiceRefundSchema.extend({ recordedBy: z.string().nullable() })),
  /** Card payments that need a person: a wrong amount or currency, a dispute. */
  alerts: z.array(
    z.object({
      kind: z.enum(['amount_mismatch', 'dispute', 'undeliverable']),
      detail: z.string(),
      createdAt: z.string(),
    }),
  ),
});
export type TAdminInvoiceDetail = z.infer<typeof ZAdminInvoiceDetailSchema>;

/** The most one payment or refund may be: $100,000 (a typo guard, far above any price we have). */
export const PAYMENT_MAX_CENTS = 10_000_000;

export const PAYMENT_TEXTS = {
  amountTooBig: 'The amount is more than this invoice still owes.',
  notOpen: 'This invoice is not waiting for a payment.',
  noReceipt: 'This invoice has a receipt once it is paid in full.',
  futureDate: 'The date cannot be in the future.',
  refundTooBig: 'A refund cannot be more than what was paid, less earlier refunds.',
  notRefundable: 'Only a paid invoice can be refunded.',
  notVoidable: 'Only an open invoice with no payments can be voided.',
  cardsOff:
    'Card payments are not set up on this server, so a card payment cannot be refunded here.',
  processorRefused: 'Stripe did not accept the refund, so nothing was refunded. Try again shortly.',
  paidTwiceReason: 'Paid twice: the second card payment goes back automatically.',
} as const;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** POST /api/admin/invoices/{hash}/payments: a check, transfer or cash that arrived. */
export const ZRecordPaymentRequestSchema = z.object({
  amountCents: z
    .number({ error: 'Enter the amount received.' })
    .int('Enter the amount in whole cents.')
    .min(1, 'Enter the amount received.')
    .max(PAYMENT_MAX_CENTS, PAYMENT_TEXTS.amountTooBig),
  method: z.enum(['check', 'bank_transfer', 'cash'], { error: 'Choose how it was paid.' }),
  reference: singleLineText()
    .trim()
    .min(1, 'Enter the check number or the transfer reference.')
    .max(100, 'Keep the reference under 100 characters.'),
  receivedOn: singleLineText()
    .regex(ISO_DATE, 'Enter the date it arrived.')
    .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), 'Enter the date it arrived.'),
});
export type TRecordPaymentRequest = z.infer<typeof ZRecordPaymentRequestSchema>;

/** POST /api/admin/invoices/{hash}/refunds: money given back from one payment. */
export const ZRefundRequestSchema = z.object({
  payment: singleLineText().min(1).max(64),
  amountCents: z
    .number({ error: 'Enter the amount to refund.' })
    .int('Enter the amount in whole cents.')
    .min(1, 'Enter the amount to refund.')
    .max(PAYMENT_MAX_CENTS, PAYMENT_TEXTS.refundTooBig),
  reason: multilineText()
    .trim()
    .min(1, 'Say why the money goes back.')
    .max(500, 'Keep the reason under 500 characters.'),
});
export type TRefundRequest = z.infer<typeof ZRefundRequestSchema>;
