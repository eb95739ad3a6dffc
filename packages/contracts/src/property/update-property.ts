import { PROPERTY_LOCATIONS, requiredFieldErrors } from '@lantern/address';
import { z } from 'zod';
import { ZPropertyHashSchema } from '../dashboard/property-hash.ts';
import { ZPropertyRoleSchema } from '../roles.ts';
import { ADD_PROPERTY_MESSAGES, ZPropertyAddressPayloadSchema } from './add-property.ts';

export const UPDATE_PROPERTY_ERROR_BAG = 'updateProperty';

export const UPDATE_PROPERTY_MESSAGES = {
  readOnly: 'You can see this address but not change it. Ask a participant who can edit it.',
} as const;

/** address_json as stored (already plain text): the geocoder's components and version. */
export const ZStoredPlaceJsonSchema = z.object({
  address_components: z.array(
    z.object({ long_name: z.string(), short_name: z.string(), types: z.array(z.string()) }),
  ),
  version: z.string(),
});

/** Spec section 3 "Property as loaded from the server", with what the page also needs. */
export const ZPropertyDetailsSchema = z.object({
  hash: z.string(),
  propertyLocation: z.enum(PROPERTY_LOCATIONS),
  role: ZPropertyRoleSchema,
  apn: z.string().nullable(),
  street: z.string(),
  unit: z.string().nullable(),
  city: z.string(),
  county: z.string().nullable(),
  state: z.string(),
  zipCode: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  address_json: ZStoredPlaceJsonSchema.nullable(),
  can_edit: z.boolean(),
  createdAt: z.string(),
});
export type TPropertyDetails = z.infer<typeof ZPropertyDetailsSchema>;
export const ZPropertyDetailsResponseSchema = z.object({ property: ZPropertyDetailsSchema });
export type TPropertyDetailsResponse = z.infer<typeof ZPropertyDetailsResponseSchema>;

/**
 * POST /api/dashboard/update-property: the add-property address with the same shapes and the
 * same '{label} is required' rule; the role is not part of an address change.
 */
export const ZUpdatePropertyRequestSchema = z
  .object({
    property: ZPropertyHashSchema,
    propertyLocation: z.enum(PROPERTY_LOCATIONS, { error: ADD_PROPERTY_MESSAGES.location }),
    propertyAddress: ZPropertyAddressPayloadSchema,
  })
  .superRefine(
    (value, ctx) => {
      if (!PROPERTY_LOCATIONS.includes(value.propertyLocation)) return;
      // The role is unchanged here, so only the address fields are checked.
      const errors = requiredFieldErrors(value.propertyLocation, value.propertyAddress);
      for (const [field, message] of Object.entries(errors)) {
        ctx.addIssue({ code: 'custom', path: ['propertyAddress', field], message });
      }
    },
    {
      when: (payload) =>
        !payload.issues.some((issue) => issue.code === 'invalid_type') &&
        typeof (payload.value as { propertyAddress?: unknown })?.propertyAddress === 'object',
    },
  );
export type TUpdatePropertyRequest = z.input<typeof ZUpdatePropertyRequestSchema>;
