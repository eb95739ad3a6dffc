import {
  ADD_PROPERTY_MESSAGES,
  MESSAGES,
  parsePlaceJson,
  type TAddPropertyParsed,
  type TErrorResponse,
} from '@lantern/contracts';
import type { PropertyToAdd } from '../../repositories/properties-write.ts';

type Location = TAddPropertyParsed['propertyLocation'];
type AddressPayload = TAddPropertyParsed['propertyAddress'];

/** The stored columns of an address from the form (add-property and update-property). */
export function addressColumns(location: Location, a: AddressPayload) {
  const place = a.placeData;
  const columns: Omit<PropertyToAdd, 'lat' | 'lng' | 'addressJson'> = {
    locationType: location,
    apn: location === 'parcel' ? a.apn : null,
    street: a.streetAddress,
    unit: a.unit || null,
    city: a.city,
    county: a.county || null,
    state: a.state,
    zip: a.zipCode,
  };
  return {
    columns,
    /** From placeData, when the form sent one (a confirmed autocomplete place or the pin). */
    place: place
      ? { lat: place.lat, lng: place.lng, addressJson: parsePlaceJson(place.json) }
      : undefined,
  };
}

/** 422 for an address or parcel the user already has, on the field the form shows it under. */
export function duplicateProperty(location: Location, errorBag: string): TErrorResponse {
  const [field, message] =
    location === 'parcel'
      ? ['propertyAddress.apn', ADD_PROPERTY_MESSAGES.duplicateParcel]
      : ['propertyAddress.streetAddress', ADD_PROPERTY_MESSAGES.duplicateAddress];
  return { message: MESSAGES.validationFailed, errorBag, errors: { [field]: [message] } };
}
