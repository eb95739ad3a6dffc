import {
  ADD_PROPERTY_MESSAGES,
  MESSAGES,
  type TAddPropertyParsed,
  type TErrorResponse,
} from '@lantern/contracts';
import {
  type PropertyToAdd,
  propertyIdentity,
} from '../../features/properties/properties-write.repository.ts';
import type { PropertyPlacer } from '../../features/properties/property-placement/placement.ts';

type Location = TAddPropertyParsed['propertyLocation'];
type AddressPayload = TAddPropertyParsed['propertyAddress'];

/**
 * The stored columns of an address from the form (add-property and update-property). The server
 * places it itself (issue 36): county, position, its precision, address_json and the standard
 * casing come from the placer; the posted county and position are hints, and only a map pin the
 * customer dropped (placeData.pin) is weighed at all.
 */
export async function addressColumns(
  placer: PropertyPlacer,
  location: Location,
  a: AddressPayload,
): Promise<PropertyToAdd> {
  const data = a.placeData;
  const pin =
    data?.pin && data.lat !== null && data.lng !== null ? { lat: data.lat, lng: data.lng } : null;
  const typed = {
    apn: location === 'parcel' ? a.apn : null,
    street: a.streetAddress,
    unit: a.unit || null,
    city: a.city,
    state: a.state,
    zip: a.zipCode,
  };
  const placed = await placer.place(location, typed, { pin });
  return { locationType: location, apn: typed.apn, state: typed.state, zip: typed.zip, ...placed };
}

/**
 * An edit that leaves the address as it was keeps the customer's earlier map pin: the update
 * form posts the stored position back without saying it was a pin, and a geocoder's point is
 * no better than where the customer put the home.
 */
export function keepStoredPin(
  stored: PropertyToAdd,
  placed: PropertyToAdd,
  newPin: boolean,
): PropertyToAdd {
  const samePlace = propertyIdentity(stored) === propertyIdentity(placed);
  if (newPin || !samePlace || stored.positionPrecision !== 'pin') return placed;
  return { ...placed, lat: stored.lat, lng: stored.lng, positionPrecision: 'pin' };
}

/** 422 for an address or parcel the user already has, on the field the form shows it under. */
export function duplicateProperty(location: Location, errorBag: string): TErrorResponse {
  const [field, message] =
    location === 'parcel'
      ? ['propertyAddress.apn', ADD_PROPERTY_MESSAGES.duplicateParcel]
      : ['propertyAddress.streetAddress', ADD_PROPERTY_MESSAGES.duplicateAddress];
  return { message: MESSAGES.validationFailed, errorBag, errors: { [field]: [message] } };
}
