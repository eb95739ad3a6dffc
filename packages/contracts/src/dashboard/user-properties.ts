import { z } from 'zod';
import { ZPropertyRoleSchema } from '../roles.ts';

/** Spec section 3 "Property menu entry". */
export const ZPropertyMenuEntrySchema = z.object({
  hash: z.string(),
  /** Street address with its unit, as the realtime events' street_address_unit. */
  streetAddress: z.string(),
  role: ZPropertyRoleSchema,
  badgeColor: z.string(),
  visible: z.boolean(),
});
export type TPropertyMenuEntry = z.infer<typeof ZPropertyMenuEntrySchema>;

/** GET /api/dashboard/user-properties (spec section 7). */
export const ZUserPropertiesResponseSchema = z.object({
  properties: z.array(ZPropertyMenuEntrySchema),
});
export type TUserPropertiesResponse = z.infer<typeof ZUserPropertiesResponseSchema>;

/** The one line the menu, the events and the pages show: street, then unit when there is one. */
export function streetAddressUnit(street: string, unit: string | null | undefined): string {
  const u = unit?.trim();
  return u ? `${street.trim()} ${u}` : street.trim();
}
