/**
 * @lantern/address: US address rules for the add-property form (required fields, completeness,
 * entered-versus-geocoded comparison, the validation step machine, USPS normalisation) and
 * US-only geocoders behind one interface. The rules are pure and safe in the browser; the
 * geocoders are for the server (the offline one loads its data on first use).
 */

export { type CacheOptions, withCache } from './cache.ts';
export {
  type AddressComparison,
  type AddressPart,
  compareAddress,
  geocodedStreetLine,
} from './compare.ts';
export { isComplete } from './completeness.ts';
export { buildAddressComponents } from './components.ts';
export {
  createGeocoder,
  GEOCODER_KINDS,
  type GeocoderConfig,
  type GeocoderKind,
  ZGeocoderKindSchema,
} from './create-geocoder.ts';
export {
  type GeocodeFailureReason,
  type GeocodeOutcome,
  type GeocodeQuery,
  type Geocoder,
  GeocoderError,
  MAX_SUGGESTIONS,
  type PlaceSuggestion,
  ZPlaceSuggestionSchema,
} from './geocoder.ts';
export {
  COUNTRY_ZOOM,
  clampFittedZoom,
  initialMapView,
  MAX_FITTED_ZOOM,
  type MapView,
  MIN_FITTED_ZOOM,
  PROPERTY_ZOOM,
  US_CENTER,
} from './map-view.ts';
export {
  createOfflineGeocoder,
  type OfflineGeocoder,
  type OfflineGeocoderOptions,
} from './offline-geocoder.ts';
export { formatOneLine, type OneLineFields, parseOneLine } from './one-line.ts';
export {
  applyMapPin,
  emptyPlaceData,
  PLACE_JSON_VERSION,
  type PlaceData,
  toPlaceData,
  ZPlaceDataSchema,
} from './place-data.ts';
export { type CensusGeocoderOptions, createCensusGeocoder } from './providers/census.ts';
export { createGoogleGeocoder, type GoogleGeocoderOptions } from './providers/google.ts';
export type { HttpOptions } from './providers/http.ts';
export { createNominatimGeocoder, type NominatimGeocoderOptions } from './providers/nominatim.ts';
export {
  fieldLabel,
  type RequiredField,
  ROLE_REQUIRED_MESSAGE,
  requiredFieldErrors,
  requiredFields,
  type SubmissionErrors,
  submissionErrors,
} from './required-fields.ts';
export {
  findUsRegion,
  isStateOrDc,
  normalizeState,
  US_STATES,
  US_TERRITORIES,
  type UsRegion,
} from './states.ts';
export { titleCase } from './text.ts';
export {
  ADDRESS_FIELDS,
  type AddressComponent,
  type AddressField,
  type AddressFields,
  emptyAddressFields,
  type GeocodedAddress,
  isBlank,
  type LatLng,
  POSITION_PRECISIONS,
  type PositionPrecision,
  PROPERTY_LOCATIONS,
  type PropertyLocation,
  type Viewport,
  ZAddressFieldsSchema,
  ZGeocodedAddressSchema,
  ZLatLngSchema,
  ZPositionPrecisionSchema,
  ZPropertyLocationSchema,
  ZViewportSchema,
} from './types.ts';
export {
  formatStreet,
  formatStreetName,
  formatUnit,
  normalizeStreetLine,
  normalizeStreetName,
  normalizeUnit,
  type ParsedStreet,
  parseStreetLine,
} from './usps/street.ts';
export {
  type AddressFormState,
  afterDialogChoice,
  applyLikelyAddress,
  nextValidationStep,
  resetOnEdit,
  type ValidationInput,
  type ValidationStep,
} from './validation-step.ts';
