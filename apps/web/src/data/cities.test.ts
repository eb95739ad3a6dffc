import { describe, expect, it } from 'vitest';
import { readUsCities } from '../../integrations/us-cities.ts';
import {
  citiesByState,
  citySlug,
  distanceMiles,
  nearestCities,
  type RawCity,
  selectCities,
} from './cities.ts';

const raw = (
  name: string,
  state: string,
  population: number,
  lon: number,
  lat: number,
  featureCode = 'PPL',
): RawCity => ({
  cityId: 1,
  name,
  country: 'US',
  featureCode,
  adminCode: state,
  population,
  loc: { coordinates: [lon, lat] },
});

describe('city pages data', () => {
  it('slugs name and state', () => {
    expect(citySlug('St. Louis', 'MO')).toBe('st-louis-mo');
    expect(citySlug('Cañon City', 'CO')).toBe('canon-city-co');
  });

  it('keeps US places of 50,000 or more and drops city sections', () => {
    const cities = selectCities([
      raw('Austin', 'TX', 900_000, -97.7, 30.3),
      raw('Tiny', 'TX', 49_999, -97, 30),
      raw('Logan Square', 'IL', 70_000, -87.7, 41.9, 'PPLX'),
      { ...raw('Toronto', 'ON', 2_000_000, -79, 43), country: 'CA' },
    ]);
    expect(cities.map((c) => c.slug)).toEqual(['austin-tx']);
  });

  it('links the nearest cities first', () => {
    const cities = selectCities([
      raw('A', 'TX', 60_000, -97, 30),
      raw('B', 'TX', 60_000, -97.1, 30),
      raw('C', 'TX', 60_000, -90, 30),
    ]);
    const a = cities.find((c) => c.name === 'A');
    expect(a && nearestCities(a, cities, 2).map((c) => c.name)).toEqual(['B', 'C']);
    expect(distanceMiles({ lat: 0, lon: 0 }, { lat: 0, lon: 1 })).toBeCloseTo(69.1, 0);
  });

  it('groups by state name', () => {
    const groups = citiesByState(
      selectCities([
        raw('Reno', 'NV', 250_000, -119.8, 39.5),
        raw('Akron', 'OH', 190_000, -81.5, 41),
      ]),
    );
    expect(groups.map((g) => g.name)).toEqual(['Nevada', 'Ohio']);
  });

  it('loads hundreds of real cities from the dataset package, each with neighbours', () => {
    const cities = readUsCities();
    expect(cities.length).toBeGreaterThan(500);
    expect(new Set(cities.map((c) => c.slug)).size).toBe(cities.length);
    expect(cities.every((c) => c.population >= 50_000)).toBe(true);
    expect(cities.every((c) => nearestCities(c, cities).length === 6)).toBe(true);
  });
});
