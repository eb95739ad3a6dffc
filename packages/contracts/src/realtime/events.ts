import { z } from 'zod';
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

/** Every event a channel carries, by name. */
export const ZRealtimeEventSchema = z.discriminatedUnion('event', [
  z.object({ event: z.literal('PropertyUserCreated'), data: ZPropertyUserCreatedSchema }),
  z.object({ event: z.literal('PropertyUpdated'), data: ZPropertyUpdatedSchema }),
  z.object({ event: z.literal('Logout'), data: ZLogoutSchema }),
]);
export type TRealtimeEvent = z.infer<typeof ZRealtimeEventSchema>;
export type TRealtimeEventName = TRealtimeEvent['event'];
