import { z } from 'zod';

/** The address fields of the add-property form, in form order (spec section 3). */
export const ADDRESS_FIELDS = [
  'apn',
  'streetAddress',
  'unit',
  'city',
  'county',
  'state',
  'zipCode',
] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];

/** Form state of a property address: every field is a string, '' when empty. */
export type AddressFields = Record<AddressField, string>;

export const ZAddressFieldsSchema = z.object({
  apn: z.string(),
  streetAddress: z.string(),
  unit: z.string(),
  city: z.string(),
  county: z.string(),
  state: z.string(),
  zipCode: z.string(),
}) satisfies z.ZodType<AddressFields>;

/** 'address': the property has a street address; 'parcel': it has none and is known by APN. */
export const PROPERTY_LOCATIONS = ['address', 'parcel'] as const;
export type PropertyLocation = (typeof PROPERTY_LOCATIONS)[number];
export const ZPropertyLocationSchema = z.enum(PROPERTY_LOCATIONS);

/** One component of a geocoded address, in the Google Geocoding API's shape. */
export interface AddressComponent {
  long_name: string;
  short_name: string;
  types: string[];
}

export interface LatLng {
  lat: number;
  lng: number;
}

/** The box a map should fit to show a result, as Google reports it. */
export interface Viewport {
  northeast: LatLng;
  southwest: LatLng;
}

/**
 * How exactly a position places the home: on its rooftop (a provider's exact point), somewhere
 * on its street (an interpolated address range), only at its ZIP code's centroid, or where the
 * customer dropped the map pin. A ZIP centroid is never shown as the home's pin.
 */
export const POSITION_PRECISIONS = ['rooftop', 'street', 'zip', 'pin'] as const;
export type PositionPrecision = (typeof POSITION_PRECISIONS)[number];
export const ZPositionPrecisionSchema = z.enum(POSITION_PRECISIONS);

/**
 * A geocoder's answer, the same whichever provider produced it. `street` is the street without
 * its house number ('N Main St'); `state` is the two-letter code; a part the provider did not
 * report is absent rather than ''.
 */
export interface GeocodedAddress {
  streetNumber?: string;
  street?: string;
  unit?: string;
  city?: string;
  county?: string;
  state?: string;
  zipCode?: string;
  lat?: number;
  lng?: number;
  formatted?: string;
  addressComponents: AddressComponent[];
  viewport?: Viewport;
  /** How exactly lat/lng place the address (never 'pin': only a person places one). */
  precision?: Exclude<PositionPrecision, 'pin'>;
}

export const ZLatLngSchema = z.object({ lat: z.number(), lng: z.number() });
export const ZViewportSchema = z.object({ northeast: ZLatLngSchema, southwest: ZLatLngSchema });

export const ZGeocodedAddressSchema = z.object({
  streetNumber: z.string().optional(),
  street: z.string().optional(),
  unit: z.string().optional(),
  city: z.string().optional(),
  county: z.string().optional(),
  state: z.string().optional(),
  zipCode: z.string().optional(),
  lat: z.number().optional(),
  lng: z.number().optional(),
  formatted: z.string().optional(),
  addressComponents: z.array(
    z.object({ long_name: z.string(), short_name: z.string(), types: z.array(z.string()) }),
  ),
  viewport: ZViewportSchema.optional(),
  precision: z.enum(['rooftop', 'street', 'zip']).optional(),
}) satisfies z.ZodType<GeocodedAddress>;

/** A blank address form. */
export function emptyAddressFields(): AddressFields {
  return { apn: '', streetAddress: '', unit: '', city: '', county: '', state: '', zipCode: '' };
}

/** True when a value is missing or only whitespace. */
export function isBlank(value: string | undefined | null): boolean {
  return value == null || value.trim() === '';
}
