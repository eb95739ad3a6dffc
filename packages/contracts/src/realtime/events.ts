import { MLS_LISTING_STATUSES, WORK_ORDER_KIND_KEYS, WORK_ORDER_STATE_KEYS } from '@lantern/domain';
import { z } from 'zod';
import { ZMessageSchema } from '../messages/messages.ts';
import { ZInvoiceStatusSchema } from '../orders/invoices.ts';
import { ZPropertyRoleSchema } from '../roles.ts';

/** Spec section 3 "Property created event", on `user.{hash}` of each participant. */
export const ZPropertyUserCreatedSchema = z.object({
  hash: z.string(),
  street_address_unit: z.string(),
  role: ZPropertyRoleSchema,
});
export type TPropertyUserCreated = z.infer<typeof ZPropertyUserCreatedSchema>;

/** Spec section 3 "Property updated event", on `property.{hash}`. */
export const ZPropertyUpdatedSchema = z.object({
  hash: z.string(),
  street_address_unit: z.string(),
});
export type TPropertyUpdated = z.infer<typeof ZPropertyUpdatedSchema>;

/** Spec section 6: the session ended; the tab clears its state and goes to /account/login. */
export const ZLogoutSchema = z.object({});

/** Issue 6: who takes part in the property changed (invite accepted, role, removal). */
export const ZParticipantsChangedSchema = z.object({ hash: z.string() });

/** Issue 6, on `user.{hash}` of a removed participant: drop the property from the menu. */
export const ZPropertyUserRemovedSchema = z.object({ hash: z.string() });

/** Issue 6, on `property.{hash}`: a new message in the property's thread. */
export const ZMessageCreatedSchema = ZMessageSchema;

/** Issue 17, on `property.{hash}`: an invoice of the property was paid, refunded or voided. */
export const ZInvoiceUpdatedSchema = z.object({
  hash: z.string(),
  number: z.string(),
  status: ZInvoiceStatusSchema,
});

/**
 * Issue 18, on `property.{hash}`: the property's MLS listing changed state — signed, reviewed,
 * a change request made or decided, status or price changed. Pages read the listing again.
 */
export const ZListingUpdatedSchema = z.object({
  hash: z.string(),
  status: z.enum(MLS_LISTING_STATUSES),
});

/**
 * Issue 21, on `property.{hash}`: a work order of the property was created, scheduled,
 * assigned or moved. Pages read the property's work orders again.
 */
export const ZWorkOrderUpdatedSchema = z.object({
  hash: z.string(),
  kind: z.enum(WORK_ORDER_KIND_KEYS),
  state: z.enum(WORK_ORDER_STATE_KEYS),
  scheduledDay: z.string().nullable(),
});

/** Every event a channel carries, by name. */
export const ZRealtimeEventSchema = z.discriminatedUnion('event', [
  z.object({ event: z.literal('PropertyUserCreated'), data: ZPropertyUserCreatedSchema }),
  z.object({ event: z.literal('PropertyUpdated'), data: ZPropertyUpdatedSchema }),
  z.object({ event: z.literal('Logout'), data: ZLogoutSchema }),
  z.object({ event: z.literal('ParticipantsChanged'), data: ZParticipantsChangedSchema }),
  z.object({ event: z.literal('PropertyUserRemoved'), data: ZPropertyUserRemovedSchema }),
  z.object({ event: z.literal('MessageCreated'), data: ZMessageCreatedSchema }),
  z.object({ event: z.literal('InvoiceUpdated'), data: ZInvoiceUpdatedSchema }),
  z.object({ event: z.literal('ListingUpdated'), data: ZListingUpdatedSchema }),
  z.object({ event: z.literal('WorkOrderUpdated'), data: ZWorkOrderUpdatedSchema }),
]);
export type TRealtimeEvent = z.infer<typeof ZRealtimeEventSchema>;
export type TRealtimeEventName = TRealtimeEvent['event'];
