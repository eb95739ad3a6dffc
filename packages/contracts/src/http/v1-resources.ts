import { z } from 'zod';
import { ZPropertyHashSchema } from '../dashboard/property-hash.ts';
import { ZOrderSchema, ZPlaceOrderRequestSchema } from '../orders/orders.ts';
import { ZProductSchema } from '../products/catalogue.ts';
import { ZPropertyDetailsSchema } from '../property/update-property.ts';

/**
 * The public API's own resources (issue 48): /api/v1/properties, its services and orders. Each
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
