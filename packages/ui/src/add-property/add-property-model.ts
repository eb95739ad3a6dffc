import {
  type AddressField,
  type AddressFields,
  type AddressPart,
  emptyAddressFields,
  emptyPlaceData,
  type GeocodedAddress,
  type PlaceData,
  type PropertyLocation,
} from '@lantern/address';
import { ZAddPropertyRequestSchema, ZPropertyAddressChangeSchema } from '@lantern/contracts';
import type { Path } from 'react-hook-form';
import type { z } from 'zod';
import type { MapTiles } from '../map/pin-map.tsx';

/** Session storage flag the dashboard reads to select a property it hears was created (spec 9). */
export const ORIGINATED_PROPERTY_CREATION = 'originatedPropertyCreation';

/**
 * Edit an existing property instead of creating one (the Update Property page): the form
 * starts from `initial`, has no role select, and `save` posts the address.
 */
export interface PropertyEdit {
  initial: { location: PropertyLocation; fields: AddressFields; placeData: PlaceData };
  /** can_edit is false: every field read-only and no submit button (spec 3 and 6). */
  readOnly: boolean;
  save: (payload: {
    propertyLocation: PropertyLocation;
    propertyAddress: AddressFields & { placeData: PlaceData };
  }) => Promise<void>;
}

/** What the form is doing: nothing, looking the address up, or posting it. */
export type Busy = false | 'checking' | 'saving';

export interface FormState {
  location: PropertyLocation;
  fields: AddressFields;
  role: string;
  placeData: PlaceData;
}

export type OpenDialog =
  | { kind: 'confirm'; result: GeocodedAddress }
  | {
      kind: 'choose';
      result: GeocodedAddress;
      entered: AddressFields;
      likely: AddressFields;
      differing: AddressPart[];
    }
  | { kind: 'map'; result?: GeocodedAddress | undefined };

/** What the person enters, named as the request names it, so a 422's paths are the fields'. */
export interface FormValues {
  propertyLocation: PropertyLocation;
  transactionRole: string;
  propertyAddress: AddressFields;
}

/**
 * The contract checks the entry before the address lookup starts: adding a property with
 * POST /user/add-property's schema, editing with the address part of update-property's. The
 * lookup then runs on what was entered; the server parses the request again.
 */
export const ADD_SCHEMA = ZAddPropertyRequestSchema as unknown as z.ZodType<FormValues, FormValues>;
export const EDIT_SCHEMA = ZPropertyAddressChangeSchema as unknown as z.ZodType<
  FormValues,
  FormValues
>;

export const initialState = (): FormState => ({
  location: 'address',
  fields: emptyAddressFields(),
  role: '',
  placeData: emptyPlaceData(),
});

export const toValues = (state: FormState): FormValues => ({
  propertyLocation: state.location,
  transactionRole: state.role,
  propertyAddress: state.fields,
});

export const addressPath = (field: AddressField) => `propertyAddress.${field}` as const;

/** The inputs with a message under them, in page order: the first one with a message is focused. */
export const FIELD_ORDER: Array<Path<FormValues>> = [
  ...(['apn', 'streetAddress', 'unit', 'city', 'state', 'zipCode'] as const).map(addressPath),
  'transactionRole',
];
/** Request fields without an input of their own: their message is shown above the form. */
export const ABOVE_FORM = ['propertyLocation', addressPath('county')];

/** The county a geocoded result names, when the rest of the address is the geocoded one. */
export const countyOf = (result: GeocodedAddress | undefined) => result?.county ?? '';

export function toTiles(config: {
  tileUrl: string | null;
  attribution: string;
  maxZoom: number;
}): MapTiles {
  return { url: config.tileUrl, attribution: config.attribution, maxZoom: config.maxZoom };
}
