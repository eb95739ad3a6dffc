import US_CITIES from 'virtual:lantern/us-cities';
import { type City, type CityWithNearby, citiesByState, nearestCities } from './cities.ts';

/** Every city with a page, by state then name (chosen at build time: integrations/us-cities.ts). */
export const CITIES: readonly City[] = US_CITIES;

let byState: ReturnType<typeof citiesByState<City>> | undefined;

/** Every city grouped by state (/flat-fee-mls), worked out once per process. */
export function citiesGroupedByState(): ReturnType<typeof citiesByState<City>> {
  byState ??= citiesByState(CITIES);
  return byState;
}

let bySlug: Map<string, City> | undefined;

/** The city of /flat-fee-mls/{slug} with its nearest others, or undefined when there is none. */
export function cityWithNearby(slug: string): CityWithNearby | undefined {
  bySlug ??= new Map(CITIES.map((c) => [c.slug, c]));
  const city = bySlug.get(slug);
  return city && { ...city, nearby: nearestCities(city, CITIES) };
}

/** The most populous cities in these states, largest first. */
export function largestCities(states: readonly string[], count: number): City[] {
  return CITIES.filter((c) => states.includes(c.state))
    .sort((a, b) => b.population - a.population)
    .slice(0, count);
}
