import { POSITION_PRECISIONS, PROPERTY_LOCATIONS } from '@lantern/address';
import { z } from 'zod';
import { ZPropertyHashSchema } from '../dashboard/property-hash.ts';
import { ZPropertyRoleSchema } from '../roles.ts';
import {
  ADD_PROPERTY_MESSAGES,
  REQUIRED_FIELDS_WHEN,
  requiredAddressFields,
  ZPropertyAddressPayloadSchema,
} from './add-property.ts';

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
  /** How exactly lat/lng place the home; 'zip' is the ZIP code's centroid, never the home's pin. */
  positionPrecision: z.enum(POSITION_PRECISIONS).nullable(),
  address_json: ZStoredPlaceJsonSchema.nullable(),
  can_edit: z.boolean(),
  createdAt: z.string(),
});
export type TPropertyDetails = z.infer<typeof ZPropertyDetailsSchema>;
export const ZPropertyDetailsResponseSchema = z.object({ property: ZPropertyDetailsSchema });
export type TPropertyDetailsResponse = z.infer<typeof ZPropertyDetailsResponseSchema>;

/**
 * The address an update carries, without the property it names: what the Update Property form
 * checks before the address lookup (docs/decisions/021-front-end-forms.md).
 */
export const ZPropertyAddressChangeSchema = z
  .object({
    propertyLocation: z.enum(PROPERTY_LOCATIONS, { error: ADD_PROPERTY_MESSAGES.location }),
    propertyAddress: ZPropertyAddressPayloadSchema,
  })
  .superRefine(requiredAddressFields, REQUIRED_FIELDS_WHEN);

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
  // The role is unchanged here, so only the address fields are checked.
  .superRefine(requiredAddressFields, REQUIRED_FIELDS_WHEN);
export type TUpdatePropertyRequest = z.input<typeof ZUpdatePropertyRequestSchema>;
