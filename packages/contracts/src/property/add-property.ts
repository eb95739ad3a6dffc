import {
  isBlank,
  isStateOrDc,
  normalizeState,
  PLACE_JSON_VERSION,
  PROPERTY_LOCATIONS,
  ROLE_REQUIRED_MESSAGE,
  requiredFieldErrors,
} from '@lantern/address';
import { plainText } from '@lantern/domain';
import { z } from 'zod';
import { ZPropertyMenuEntrySchema } from '../dashboard/user-properties.ts';
import { MESSAGES } from '../errors.ts';
import { multilineText, wellFormed } from '../text.ts';

/** Longest value each address field takes; generous for real addresses, small for abuse. */
export const ADDRESS_MAX_LENGTH = {
  apn: 64,
  streetAddress: 200,
  unit: 50,
  city: 100,
  county: 100,
  state: 20,
  zipCode: 10,
} as const;

/** placeData.json is a geocoder's address_components; a real one is well under 4 KB. */
export const PLACE_JSON_MAX_LENGTH = 8_000;

export const ADD_PROPERTY_MESSAGES = {
  location: "Choose 'Property has an address' or 'No address'.",
  tooLong: (max: number) => `Use no more than ${max} characters.`,
  state: 'Choose a US state.',
  zipCode: 'Enter a 5-digit ZIP code, or ZIP+4 such as 12345-6789.',
  duplicateAddress: 'You have already added a property at this address.',
  duplicateParcel: 'You have already added a property with this parcel number in this state.',
} as const;

/** The roles a customer may pick when adding a property (spec section 6). */
export const ADD_PROPERTY_ROLES = ['seller', 'landlord', 'buyer'] as const;

const text = (max: number) =>
  z
    .string()
    .max(max, ADD_PROPERTY_MESSAGES.tooLong(max))
    // Markup and control characters are cleaned away (the spec's rule); half an emoji is no
    // character to keep, and the database refuses it (issue 40).
    .refine(wellFormed, { error: MESSAGES.brokenCharacters })
    .transform(plainText)
    .optional()
    .default('');

const ZState = z
  .string()
  .max(ADDRESS_MAX_LENGTH.state, ADD_PROPERTY_MESSAGES.state)
  .transform(plainText)
  .refine((v) => v === '' || isStateOrDc(v), ADD_PROPERTY_MESSAGES.state)
  .transform((v) => (v === '' ? '' : (normalizeState(v) ?? v)))
  .optional()
  .default('');

const ZZip = z
  .string()
  .max(ADDRESS_MAX_LENGTH.zipCode, ADD_PROPERTY_MESSAGES.zipCode)
  .transform(plainText)
  .refine((v) => v === '' || /^\d{5}(?:-\d{4})?$/.test(v), ADD_PROPERTY_MESSAGES.zipCode)
  .optional()
  .default('');

const ZComponent = z.object({
  long_name: z.string().max(200).transform(plainText),
  short_name: z.string().max(200).transform(plainText),
  types: z.array(z.string().max(60).transform(plainText)).max(10),
});

/** The stored form of placeData.json: {address_components, version: '1.0'}. */
export const ZPlaceJsonSchema = z.object({
  address_components: z.array(ZComponent).max(20),
  version: z.literal(PLACE_JSON_VERSION),
});
export type TPlaceJson = z.infer<typeof ZPlaceJsonSchema>;

/** Parse placeData.json; anything that is not the documented shape counts as absent. */
export function parsePlaceJson(json: string): TPlaceJson | null {
  if (isBlank(json)) return null;
  try {
    const parsed = ZPlaceJsonSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

const ZLatLng = z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) });

/** Spec section 3 "placeData": what the client learnt from geocoding, a place or the map pin. */
export const ZPlaceDataPayloadSchema = z.object({
  confirmedJson: z.boolean().optional().default(false),
  lat: z.number().min(-90).max(90).nullable().optional().default(null),
  lng: z.number().min(-180).max(180).nullable().optional().default(null),
  json: multilineText().max(PLACE_JSON_MAX_LENGTH).optional().default(''),
  viewport: z
    .object({ northeast: ZLatLng, southwest: ZLatLng })
    .nullable()
    .optional()
    .default(null),
  /** lat/lng are the customer's map pin: a hint the server weighs, like the county. */
  pin: z.boolean().optional().default(false),
});

/** Spec section 3 "Property address", as the add-property payload carries it. */
export const ZPropertyAddressPayloadSchema = z.object({
  apn: text(ADDRESS_MAX_LENGTH.apn),
  streetAddress: text(ADDRESS_MAX_LENGTH.streetAddress),
  unit: text(ADDRESS_MAX_LENGTH.unit),
  city: text(ADDRESS_MAX_LENGTH.city),
  county: text(ADDRESS_MAX_LENGTH.county),
  state: ZState,
  zipCode: ZZip,
  placeData: ZPlaceDataPayloadSchema.optional(),
});

/**
 * The form's required-field rule ('{label} is required') on `propertyAddress`, for every payload
 * that carries an address (add-property, update-property).
 */
export function requiredAddressFields(
  value: {
    propertyLocation: (typeof PROPERTY_LOCATIONS)[number];
    propertyAddress: z.output<typeof ZPropertyAddressPayloadSchema>;
  },
  ctx: z.RefinementCtx,
): void {
  if (!PROPERTY_LOCATIONS.includes(value.propertyLocation)) return;
  const errors = requiredFieldErrors(value.propertyLocation, value.propertyAddress);
  for (const [field, message] of Object.entries(errors)) {
    ctx.addIssue({ code: 'custom', path: ['propertyAddress', field], message });
  }
}

/**
 * When `requiredAddressFields` runs: also when only another field is wrong, so one answer lists
 * every problem; never after a type error, when the address is not a set of strings.
 */
export const REQUIRED_FIELDS_WHEN = {
  when: (payload: { issues: readonly { code?: string }[]; value: unknown }) =>
    !payload.issues.some((issue) => issue.code === 'invalid_type') &&
    typeof (payload.value as { propertyAddress?: unknown })?.propertyAddress === 'object',
};

/**
 * POST /user/add-property (spec sections 3, 5 and 7). Shapes first (lengths, a US state, a ZIP,
 * a selectable role); then, once the shapes hold, the same required-field rule the form runs,
 * with the same words ('{label} is required', 'Please select your role.'). Markup is stripped
 * from every text field, so what is stored is plain text.
 */
export const ZAddPropertyRequestSchema = z
  .object({
    propertyLocation: z.enum(PROPERTY_LOCATIONS, { error: ADD_PROPERTY_MESSAGES.location }),
    transactionRole: z.enum(ADD_PROPERTY_ROLES, { error: ROLE_REQUIRED_MESSAGE }),
    propertyAddress: ZPropertyAddressPayloadSchema,
  })
  .superRefine(requiredAddressFields, REQUIRED_FIELDS_WHEN);
export type TAddPropertyRequest = z.input<typeof ZAddPropertyRequestSchema>;
export type TAddPropertyParsed = z.output<typeof ZAddPropertyRequestSchema>;

/** The created property, as the property menu lists it. */
export const ZAddPropertyResponseSchema = z.object({ property: ZPropertyMenuEntrySchema });
export type TAddPropertyResponse = z.infer<typeof ZAddPropertyResponseSchema>;

export const ADD_PROPERTY_PATH = '/user/add-property';
export const ADD_PROPERTY_ERROR_BAG = 'userAddProperty';
