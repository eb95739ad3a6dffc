import { geocodedStreetLine } from './compare.ts';
import { buildAddressComponents } from './components.ts';
import type { Gazetteer, SuggestQuery, ZipPlace } from './gazetteer/gazetteer.ts';
import { loadGazetteer } from './gazetteer/load.ts';
import {
  type GeocodeOutcome,
  type GeocodeQuery,
  type Geocoder,
  GeocoderError,
  MAX_SUGGESTIONS,
  type PlaceSuggestion,
} from './geocoder.ts';
import { formatOneLine, type OneLineFields, parseOneLine } from './one-line.ts';
import { normalizeState } from './states.ts';
import type { GeocodedAddress } from './types.ts';
import { formatStreetName, formatUnit, normalizeUnit, parseStreetLine } from './usps/street.ts';

export interface OfflineGeocoder extends Geocoder {
  /** Resolves once the gazetteer is loaded; lets a server pay the load at start-up. */
  ready(): Promise<void>;
}

export interface OfflineGeocoderOptions {
  /** Where the gazetteer comes from; the bundled US ZIP data unless a test gives a small one. */
  loadGazetteer?: () => Promise<Gazetteer>;
}

const ZIP = /^\s*(\d{5})(?:-\d{4})?\s*$/;

/**
 * A street line with the city still on its end ('123 Main St Springfield', from text with no
 * commas): peel the longest tail of up to four words that is a city in the state.
 */
function splitCity(
  gazetteer: Gazetteer,
  line: string,
  state: string | undefined,
): { street: string; city: string } | undefined {
  if (!state) return undefined;
  const words = line.trim().split(/\s+/);
  for (let take = Math.min(4, words.length - 1); take >= 1; take--) {
    const city = words.slice(-take).join(' ');
    if (gazetteer.byCity(city, state).length > 0) {
      return { street: words.slice(0, -take).join(' '), city };
    }
  }
  return undefined;
}

/**
 * Find the ZIP place for entered fields. The ZIP wins when it exists, so a wrong city comes back
 * as the ZIP's city; an unknown ZIP with a known city and state gives that city's lowest ZIP.
 */
function findPlace(
  gazetteer: Gazetteer,
  fields: OneLineFields,
): { place: ZipPlace; streetLine: string } | undefined {
  const zip = ZIP.exec(fields.zipCode)?.[1];
  const zipPlace = zip ? gazetteer.byZip(zip) : undefined;
  const state = zipPlace?.state ?? normalizeState(fields.state);
  let { streetAddress: streetLine, city } = fields;
  if (city.trim() === '') {
    const split = splitCity(gazetteer, streetLine, state);
    if (split) ({ street: streetLine, city } = split);
  }
  if (zipPlace) return { place: zipPlace, streetLine };
  const cityPlace = state && city.trim() ? gazetteer.byCity(city, state)[0] : undefined;
  return cityPlace && { place: cityPlace, streetLine };
}

function locate(gazetteer: Gazetteer, fields: OneLineFields): GeocodeOutcome {
  const found = findPlace(gazetteer, fields);
  if (!found) return { ok: false, reason: 'not_found' };
  const { place, streetLine } = found;
  // Only what was typed is normalised; the gazetteer knows no streets, so none is ever added.
  const parsed = parseStreetLine(streetLine);
  const unit = normalizeUnit(fields.unit) || parsed?.unit;
  const parts = {
    ...(parsed?.number && { streetNumber: parsed.number }),
    ...(parsed && { street: formatStreetName(parsed) }),
    ...(unit && { unit: formatUnit(unit) }),
    city: place.city,
    ...(place.county && { county: place.county }),
    state: place.state,
    zipCode: place.zip,
  };
  const result: GeocodedAddress = {
    ...parts,
    lat: place.lat,
    lng: place.lng,
    // The gazetteer knows places, not houses: its position is the ZIP's centroid.
    precision: 'zip',
    formatted: `${formatOneLine({ ...parts, streetAddress: geocodedStreetLine(parts) })}, USA`,
    addressComponents: buildAddressComponents(parts),
  };
  return { ok: true, result };
}

/** Autocomplete input: '627', 'spring', 'springfield, il', 'springfield il 627'. */
function suggestQueries(gazetteer: Gazetteer, input: string): SuggestQuery[] {
  const text = input.trim().replace(/\s+/g, ' ');
  if (text === '') return [];
  if (/^\d{1,5}$/.test(text)) return [{ zipPrefix: text }];
  const comma = text.indexOf(',');
  if (comma >= 0) {
    const rest = text.slice(comma + 1).trim();
    const zipPrefix = /(?:^|\s)(\d{1,5})$/.exec(rest)?.[1];
    const state = normalizeState(zipPrefix ? rest.slice(0, -zipPrefix.length) : rest);
    return [
      {
        cityPrefix: text.slice(0, comma),
        ...(state && { state }),
        ...(zipPrefix && { zipPrefix }),
      },
    ];
  }
  // Without a comma the last word may be a state ('springfield il') or the start of a city
  // ('fort wa' for Fort Wayne): suggest the plain city prefix first, then the state reading,
  // unless the words before the state are a whole city of it ('franklin pa' means Franklin,
  // PA, not Franklin Park, IL).
  const queries: SuggestQuery[] = [{ cityPrefix: text }];
  const zipPrefix = /\s(\d{1,5})$/.exec(text)?.[1];
  const words = (zipPrefix ? text.slice(0, -zipPrefix.length) : text).trim().split(' ');
  for (let take = Math.min(3, words.length - 1); take >= 1; take--) {
    const state = normalizeState(words.slice(-take).join(' '));
    if (state) {
      const cityPrefix = words.slice(0, -take).join(' ');
      const reading = { cityPrefix, state, ...(zipPrefix && { zipPrefix }) };
      if (gazetteer.byCity(cityPrefix, state).length > 0) queries.unshift(reading);
      else queries.push(reading);
      break;
    }
  }
  if (zipPrefix && queries.length === 1) queries.push({ cityPrefix: words.join(' '), zipPrefix });
  return queries;
}

function toSuggestion(place: ZipPlace): PlaceSuggestion {
  return {
    id: place.zip,
    description: `${place.city}, ${place.state} ${place.zip}`,
    mainText: place.city,
    secondaryText: `${place.state} ${place.zip}`,
  };
}

/**
 * The embedded default geocoder: a US ZIP gazetteer, no network. It knows places, not streets:
 * the typed street is normalised to USPS form, and the ZIP's centroid stands in for the
 * coordinates (near enough to open the map on, not to locate a house). Lookups are Map hits
 * and bisections, a few microseconds once the data is loaded.
 */
export function createOfflineGeocoder(options: OfflineGeocoderOptions = {}): OfflineGeocoder {
  const load = options.loadGazetteer ?? loadGazetteer;
  const gazetteer = async (signal?: AbortSignal) => {
    signal?.throwIfAborted();
    try {
      return await load();
    } finally {
      signal?.throwIfAborted();
    }
  };
  return {
    async ready() {
      await load();
    },
    async geocode(query: GeocodeQuery, signal?: AbortSignal): Promise<GeocodeOutcome> {
      let loaded: Gazetteer;
      try {
        loaded = await gazetteer(signal);
      } catch (error) {
        if (signal?.aborted) throw error;
        return { ok: false, reason: 'provider_error', detail: `offline gazetteer: ${error}` };
      }
      return locate(loaded, query.fields ?? parseOneLine(query.text ?? ''));
    },
    async autocomplete(input: string, signal?: AbortSignal): Promise<PlaceSuggestion[]> {
      let loaded: Gazetteer;
      try {
        loaded = await gazetteer(signal);
      } catch (error) {
        if (signal?.aborted) throw error;
        throw new GeocoderError('The offline gazetteer could not be loaded.', { cause: error });
      }
      const seen = new Set<string>();
      const places: ZipPlace[] = [];
      for (const query of suggestQueries(loaded, input)) {
        for (const place of loaded.suggest(query, MAX_SUGGESTIONS)) {
          if (places.length < MAX_SUGGESTIONS && !seen.has(place.zip)) {
            seen.add(place.zip);
            places.push(place);
          }
        }
      }
      return places.map(toSuggestion);
    },
  };
}
