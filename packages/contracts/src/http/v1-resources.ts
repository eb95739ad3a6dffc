import { z } from 'zod';
import { ZPropertyHashSchema } from '../dashboard/property-hash.ts';
import {
  ZMarkReadRequestSchema,
  ZMessageSchema,
  ZSendMessageRequestSchema,
  ZThreadResponseSchema,
  ZThreadSummarySchema,
} from '../messages/messages.ts';
import {
  ZInvoiceDetailSchema,
  ZInvoiceListQuerySchema,
  ZInvoiceParamsSchema,
  ZInvoiceSummarySchema,
} from '../orders/invoices.ts';
import { ZOrderSchema, ZPlaceOrderRequestSchema } from '../orders/orders.ts';
import { ZProductSchema } from '../products/catalogue.ts';
import { ZPropertyDetailsSchema } from '../property/update-property.ts';

/**
 * The public API's own resources (issue 48): /api/v1/properties, its services, orders, invoices
 * and messages. Each
 * answer's type is named (`.meta({ id })`), so the v1 description lists it in
 * `components.schemas` and the SDK exports it by name. The shapes are the dashboard's, so one
 * server function answers both.
 */
export const ZV1PropertySchema = ZPropertyDetailsSchema.meta({ id: 'Property' });
export const ZV1PropertyResponseSchema = z
  .object({ property: ZV1PropertySchema })
  .meta({ id: 'PropertyResponse' });
export const ZV1PropertyListSchema = z
  .object({ properties: z.array(ZV1PropertySchema) })
  .meta({ id: 'PropertyList' });
export const ZV1PropertyParamsSchema = z.object({ hash: ZPropertyHashSchema });

/** A service the property offers this person: the catalogue entry. */
export const ZV1ServiceSchema = ZProductSchema.meta({ id: 'Service' });
export const ZV1ServiceListSchema = z
  .object({ services: z.array(ZV1ServiceSchema) })
  .meta({ id: 'ServiceList' });

export const ZV1OrderSchema = ZOrderSchema.meta({ id: 'Order' });
export const ZV1OrderResponseSchema = z
  .object({ order: ZV1OrderSchema })
  .meta({ id: 'OrderResponse' });
export const ZV1OrderListSchema = z
  .object({ orders: z.array(ZV1OrderSchema) })
  .meta({ id: 'OrderList' });
/** GET /api/v1/orders?property=: one property's orders, newest first. */
export const ZV1OrdersQuerySchema = z.object({ property: ZPropertyHashSchema });
export const ZV1OrderParamsSchema = z.object({ hash: ZPropertyHashSchema });
/**
 * Left unnamed: a named schema is described as the answer reads it, and a request body must be
 * described as the caller writes it (`coupon` may be left out).
 */
export const ZV1PlaceOrderRequestSchema = ZPlaceOrderRequestSchema;

/** An invoice as its list shows it; `Invoice` adds its address, lines, totals and payments. */
export const ZV1InvoiceSummarySchema = ZInvoiceSummarySchema.meta({ id: 'InvoiceSummary' });
export const ZV1InvoiceSchema = ZInvoiceDetailSchema.meta({ id: 'Invoice' });
export const ZV1InvoiceResponseSchema = z
  .object({ invoice: ZV1InvoiceSchema })
  .meta({ id: 'InvoiceResponse' });
export const ZV1InvoiceListSchema = z
  .object({ invoices: z.array(ZV1InvoiceSummarySchema) })
  .meta({ id: 'InvoiceList' });
/** GET /api/v1/invoices[?property=]: all of your invoices, or one property's. */
export const ZV1InvoicesQuerySchema = ZInvoiceListQuerySchema;
export const ZV1InvoiceParamsSchema = ZInvoiceParamsSchema;

/**
 * Messages: one thread per property, so a thread is named by its property's hash. The list
 * items and the thread are rebuilt on the named `Message`, so the description refers to it.
 */
export const ZV1MessageSchema = ZMessageSchema.meta({ id: 'Message' });
export const ZV1ThreadSummarySchema = ZThreadSummarySchema.extend({
  lastMessage: ZV1MessageSchema.nullable(),
}).meta({ id: 'ThreadSummary' });
export const ZV1ThreadListSchema = z
  .object({
    threads: z.array(ZV1ThreadSummarySchema),
    totalUnread: z.number().int().nonnegative(),
  })
  .meta({ id: 'ThreadList' });
export const ZV1ThreadSchema = ZThreadResponseSchema.extend({
  messages: z.array(ZV1MessageSchema),
}).meta({ id: 'Thread' });
/** GET /api/v1/messages?property=: the thread of a property you take part in. */
export const ZV1MessagesQuerySchema = z.object({ property: ZPropertyHashSchema });
/** Request bodies stay unnamed, as `ZV1PlaceOrderRequestSchema` says. */
export const ZV1SendMessageRequestSchema = ZSendMessageRequestSchema;
export const ZV1MarkReadRequestSchema = ZMarkReadRequestSchema;
