import {
  type AddressComponent,
  buildAddressComponents,
  compareAddress,
  createOfflineGeocoder,
  emptyAddressFields,
  formatOneLine,
  formatStreetName,
  type GeocodedAddress,
  type Geocoder,
  geocodedStreetLine,
  isBlank,
  type LatLng,
  PLACE_JSON_VERSION,
  type PositionPrecision,
  type PropertyLocation,
  parseStreetLine,
  titleCase,
} from '@lantern/address';

/** An address as the customer typed it (after the contract's checks). */
export interface TypedAddress {
  apn: string | null;
  street: string;
  unit: string | null;
  city: string;
  state: string;
  zip: string;
}

/** What the browser says it learnt: hints only, since the county decides what we sell. */
export interface PlacementHints {
  /** The customer's map pin, when they dropped one. */
  pin?: LatLng | null;
}

/** The columns a placed property is stored with. */
export interface Placement {
  street: string;
  unit: string | null;
  city: string;
  county: string | null;
  lat: number | null;
  lng: number | null;
  positionPrecision: PositionPrecision | null;
  addressJson: { address_components: AddressComponent[]; version: string };
}

/**
 * A pin further than this from the address's place is a slip of the finger, not the home. Generous,
 * because a rural ZIP's centroid can lie 100 km from a house in it.
 */
export const PIN_MAX_KM = 150;

/** Great-circle distance in kilometres (haversine); plenty for a 50 km plausibility check. */
export function distanceKm(a: LatLng, b: LatLng): number {
  const rad = (deg: number) => (deg * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

/** Typed text in standard casing: 'austin' -> 'Austin'; mixed case is left as the person wrote it. */
function standardCase(text: string): string {
  const hasLower = /\p{Ll}/u.test(text);
  const hasUpper = /\p{Lu}/u.test(text);
  return hasLower && hasUpper ? text : titleCase(text);
}

type Lookup = (query: Parameters<Geocoder['geocode']>[0]) => Promise<GeocodedAddress | undefined>;

function lookupWith(geocoder: Pick<Geocoder, 'geocode'>): Lookup {
  return async (query) => {
    try {
      const outcome = await geocoder.geocode(query);
      return outcome.ok ? outcome.result : undefined;
    } catch {
      // A provider that throws is a provider that failed: the ZIP still places the home.
      return undefined;
    }
  };
}

/**
 * Decides on the server where a property is (issue 36): the configured geocoder for the address,
 * the embedded gazetteer for the ZIP's county and centroid when the geocoder cannot say, and the
 * customer's pin when it is plausibly near. What the browser posts for county and position is
 * never taken on trust. Also used to repair properties stored without county or position.
 */
export function createPropertyPlacer(deps: { geocoder: Pick<Geocoder, 'geocode'> }) {
  const geocode = lookupWith(deps.geocoder);
  const gazetteer = lookupWith(createOfflineGeocoder());

  /** The ZIP's own place (county, centroid) from the embedded gazetteer. */
  const zipPlace = (typed: TypedAddress) =>
    gazetteer({
      fields: { ...emptyAddressFields(), city: typed.city, state: typed.state, zipCode: typed.zip },
      location: 'address',
    });

  async function streetMatch(location: PropertyLocation, typed: TypedAddress) {
    if (location !== 'address') return undefined;
    const fields = {
      ...emptyAddressFields(),
      streetAddress: typed.street,
      unit: typed.unit ?? '',
      city: typed.city,
      state: typed.state,
      zipCode: typed.zip,
    };
    const result = await geocode({ text: formatOneLine(fields), fields, location });
    if (!result) return undefined;
    const { differing } = compareAddress(fields, result);
    // Only an answer in the same ZIP and state describes this home; another is a different place.
    if (differing.includes('zipCode') || differing.includes('state')) return undefined;
    return { result, differing };
  }

  return {
    async place(
      location: PropertyLocation,
      typed: TypedAddress,
      hints: PlacementHints = {},
    ): Promise<Placement> {
      const match = await streetMatch(location, typed);
      const sameStreet = match !== undefined && !match.differing.includes('street');
      const area = await zipPlace(typed);
      const geocoded = match?.result;

      const street =
        location === 'parcel'
          ? typed.street
          : sameStreet && geocoded?.street
            ? geocodedStreetLine(geocoded)
            : // Kept as the person chose it ('Use Entered Address'): only its casing is made standard.
              standardCase(typed.street);
      const city =
        match && !match.differing.includes('city') && geocoded?.city
          ? geocoded.city
          : standardCase(typed.city);
      const county = geocoded?.county ?? area?.county ?? null;

      const found = sameStreet && geocoded?.lat != null && geocoded.lng != null ? geocoded : area;
      let position = positionOf(found);
      const pin = hints.pin;
      if (pin && (!position || distanceKm(pin, position) <= PIN_MAX_KM)) {
        position = { lat: pin.lat, lng: pin.lng, precision: 'pin' };
      }

      const unit = typed.unit && !isBlank(typed.unit) ? typed.unit.trim() : null;
      // The components of the address as stored, so address_json always names its county.
      const parsed = location === 'address' ? parseStreetLine(street) : undefined;
      const components = buildAddressComponents({
        ...(parsed?.number && { streetNumber: parsed.number }),
        ...(parsed ? { street: formatStreetName(parsed) } : {}),
        ...(unit && { unit }),
        city,
        ...(county && { county }),
        state: typed.state,
        zipCode: typed.zip,
      });
      return {
        street,
        unit,
        city,
        county,
        lat: position?.lat ?? null,
        lng: position?.lng ?? null,
        positionPrecision: position?.precision ?? null,
        addressJson: { address_components: components, version: PLACE_JSON_VERSION },
      };
    },
  };
}
export type PropertyPlacer = ReturnType<typeof createPropertyPlacer>;

function positionOf(
  found: GeocodedAddress | undefined,
): (LatLng & { precision: PositionPrecision }) | undefined {
  if (found?.lat == null || found.lng == null) return undefined;
  return { lat: found.lat, lng: found.lng, precision: found.precision ?? 'zip' };
}
