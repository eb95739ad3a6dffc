import { cityKey } from './city-key.ts';

/** One ZIP code: its place name, state code, county and centroid. */
export interface ZipPlace {
  zip: string;
  city: string;
  state: string;
  county: string;
  lat: number;
  lng: number;
}

/** A place name in one state with its ZIPs, lowest first (the lowest is the suggested one). */
interface CityEntry {
  key: string;
  state: string;
  places: ZipPlace[];
}

/** An autocomplete prefix split into its parts; state is a two-letter code. */
export interface SuggestQuery {
  cityPrefix?: string;
  state?: string;
  zipPrefix?: string;
}

/**
 * ZIP/city lookups with no scan of the whole data per request: Maps for exact lookups, and
 * sorted arrays searched by bisection for prefixes (then read only within the prefix's range).
 */
export interface Gazetteer {
  /** The place for a five-digit ZIP. */
  byZip(zip: string): ZipPlace | undefined;
  /** The ZIPs of a city in a state (state as a two-letter code), lowest first; [] if unknown. */
  byCity(city: string, state: string): readonly ZipPlace[];
  /**
   * Places for an autocomplete prefix, at most `limit`: ZIPs for digits; otherwise cities
   * whose name starts with `cityPrefix` (in `state` when given), one per city unless a state
   * or ZIP prefix narrows it to that city's ZIPs. Shorter names first; one name in several
   * states goes by its number of ZIPs, most first.
   */
  suggest(query: SuggestQuery, limit: number): ZipPlace[];
}

const compareKeys = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Index of the first item whose key is not below `key`. */
function lowerBound<T>(items: readonly T[], key: string, keyOf: (item: T) => string): number {
  let low = 0;
  let high = items.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compareKeys(keyOf(items[middle] as T), key) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

export function createGazetteer(records: Iterable<ZipPlace>): Gazetteer {
  const zips = new Map<string, ZipPlace>();
  for (const place of records) zips.set(place.zip, place);

  const cities = new Map<string, CityEntry>();
  for (const place of zips.values()) {
    const key = cityKey(place.city);
    const id = `${key}|${place.state}`;
    const entry = cities.get(id) ?? { key, state: place.state, places: [] };
    entry.places.push(place);
    cities.set(id, entry);
  }
  for (const entry of cities.values()) entry.places.sort((a, b) => compareKeys(a.zip, b.zip));

  // One name in several states is ranked by its ZIP count, a proxy for size the data carries:
  // 'Austin' reaches Austin, TX before Austin, AR. Sorted once here, so a prefix search still
  // reads one range in order and costs nothing more per call.
  const byName = (a: CityEntry, b: CityEntry) =>
    compareKeys(a.key, b.key) || b.places.length - a.places.length || compareKeys(a.state, b.state);
  const allCities = [...cities.values()].sort(byName);
  const citiesByState = new Map<string, CityEntry[]>();
  for (const entry of allCities) {
    const list = citiesByState.get(entry.state) ?? [];
    list.push(entry);
    citiesByState.set(entry.state, list);
  }
  const sortedZips = [...zips.values()].sort((a, b) => compareKeys(a.zip, b.zip));

  function zipsWithPrefix(prefix: string, limit: number): ZipPlace[] {
    const found: ZipPlace[] = [];
    for (let at = lowerBound(sortedZips, prefix, (p) => p.zip); at < sortedZips.length; at++) {
      const place = sortedZips[at] as ZipPlace;
      if (!place.zip.startsWith(prefix) || found.length === limit) break;
      found.push(place);
    }
    return found;
  }

  return {
    byZip: (zip) => zips.get(zip),
    byCity: (city, state) => cities.get(`${cityKey(city)}|${state}`)?.places ?? [],
    suggest({ cityPrefix, state, zipPrefix = '' }, limit) {
      if (!cityPrefix?.trim()) return zipPrefix ? zipsWithPrefix(zipPrefix, limit) : [];
      const prefix = cityKey(cityPrefix);
      const list = state ? (citiesByState.get(state) ?? []) : allCities;
      const found: ZipPlace[] = [];
      for (let at = lowerBound(list, prefix, (e) => e.key); at < list.length; at++) {
        const entry = list[at] as CityEntry;
        if (!entry.key.startsWith(prefix) || found.length === limit) break;
        const places = entry.places.filter((place) => place.zip.startsWith(zipPrefix));
        found.push(
          ...(state || zipPrefix ? places : places.slice(0, 1)).slice(0, limit - found.length),
        );
      }
      return found;
    },
  };
}
