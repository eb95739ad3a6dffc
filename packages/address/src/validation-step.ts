import { type AddressPart, compareAddress, geocodedStreetLine } from './compare.ts';
import { isComplete } from './completeness.ts';
import type { GeocodeQuery } from './geocoder.ts';
import { formatOneLine } from './one-line.ts';
import type { PlaceData } from './place-data.ts';
import { type SubmissionErrors, submissionErrors } from './required-fields.ts';
import {
  type AddressFields,
  type GeocodedAddress,
  isBlank,
  type PropertyLocation,
} from './types.ts';

export interface ValidationInput {
  location: PropertyLocation;
  fields: AddressFields;
  /** The chosen 'I am the' role; '' when none. */
  role: string;
  /** placeData.confirmedJson: an autocomplete place, dialog choice or map pin was accepted. */
  placeConfirmed: boolean;
  /** The geocoder's answer for these fields: absent until geocoded, 'failed' on any failure. */
  geocoded?: GeocodedAddress | 'failed';
}

/**
 * What the add-property form does next on submit (spec section 4):
 * - errors: show the messages, stay on the form;
 * - accept: the address is validated, post the form (with `result`, the geocoder's answer that
 *   matched what was typed: post its parts, county and position, as the dialogs do);
 * - geocode: geocode `query`, then call again with its outcome;
 * - map: open 'Select Location of Property' (centred on `result` when there is one);
 * - confirm: open 'Address Confirmation' for a result that lacks a key part;
 * - choose: open 'Which address would you like to use?' with the entered and likely addresses.
 */
export type ValidationStep =
  | { step: 'errors'; errors: SubmissionErrors }
  | { step: 'accept'; result?: GeocodedAddress }
  | { step: 'geocode'; query: GeocodeQuery }
  | { step: 'map'; result?: GeocodedAddress }
  | { step: 'confirm'; result: GeocodedAddress }
  | {
      step: 'choose';
      entered: AddressFields;
      likely: AddressFields;
      differing: AddressPart[];
      result: GeocodedAddress;
    };

/** Decide the next step of address validation; pure, so the UI and tests share one rule. */
export function nextValidationStep(input: ValidationInput): ValidationStep {
  const { location, fields, geocoded } = input;
  const errors = submissionErrors(location, fields, input.role);
  if (Object.keys(errors).length > 0) return { step: 'errors', errors };
  if (input.placeConfirmed) return { step: 'accept' };
  if (geocoded === undefined) {
    return { step: 'geocode', query: { text: formatOneLine(fields), fields, location } };
  }
  if (geocoded === 'failed') return { step: 'map' };
  if (location === 'parcel') return { step: 'map', result: geocoded };
  if (!isComplete(location, geocoded)) return { step: 'confirm', result: geocoded };
  const comparison = compareAddress(fields, geocoded);
  if (comparison.equal) return { step: 'accept', result: geocoded };
  return {
    step: 'choose',
    entered: fields,
    likely: applyLikelyAddress(fields, geocoded),
    differing: comparison.differing,
    result: geocoded,
  };
}

/**
 * After 'Address is Correct', 'Use Entered Address' or 'Use Likely Address': an address is
 * accepted, a parcel still needs its pin placed. ('Edit Address' just returns to the form.)
 */
export function afterDialogChoice(
  location: PropertyLocation,
): { step: 'accept' } | { step: 'map' } {
  return location === 'address' ? { step: 'accept' } : { step: 'map' };
}

/**
 * The form's fields with the geocoded parts filled in ('Use Likely Address'). A part the
 * geocoder did not report keeps what was entered; apn is never touched.
 */
export function applyLikelyAddress(
  fields: AddressFields,
  geocoded: GeocodedAddress,
): AddressFields {
  const orEntered = (found: string | undefined, entered: string) =>
    found?.trim() ? found : entered;
  const street = isBlank(geocoded.street) ? fields.streetAddress : geocodedStreetLine(geocoded);
  return {
    apn: fields.apn,
    streetAddress: street,
    unit: orEntered(geocoded.unit, fields.unit),
    city: orEntered(geocoded.city, fields.city),
    county: orEntered(geocoded.county, fields.county),
    state: orEntered(geocoded.state, fields.state),
    zipCode: orEntered(geocoded.zipCode, fields.zipCode),
  };
}

/** The part of the form's state that address validation reads and resets. */
export interface AddressFormState {
  fields: AddressFields;
  placeData: PlaceData;
}

/**
 * Call after the person edits any address field: the earlier confirmation no longer holds and
 * the county, which only a geocoder fills in, may now be wrong, so it is cleared.
 */
export function resetOnEdit<S extends AddressFormState>(state: S): S {
  return {
    ...state,
    fields: { ...state.fields, county: '' },
    placeData: { ...state.placeData, confirmedJson: false },
  };
}
