/**
 * The map area of the lists' "search this area" (issue 47; docs/decisions/091): read by the list
 * query's schema and written by the map's script, which imports this module alone
 * (`@lantern/contracts/listings-area`), so it carries no schema library.
 */

/** A map area "search this area" asks for: its edges in degrees. */
export interface ListingsArea {
  west: number;
  south: number;
  east: number;
  north: number;
}
const AREA_PATTERN =
  /^(-?\d{1,3}(?:\.\d{1,7})?),(-?\d{1,2}(?:\.\d{1,7})?),(-?\d{1,3}(?:\.\d{1,7})?),(-?\d{1,2}(?:\.\d{1,7})?)$/;
export const AREA_FORMAT = 'The map area is four numbers: west, south, east and north, in degrees.';

/**
 * The `area` of a list's address (`west,south,east,north`, Leaflet's `toBBoxString` order), or
 * why it is not one. An area across the antimeridian is refused: no US listing needs it.
 */
export function parseListingsArea(text: string): ListingsArea | string {
  const m = AREA_PATTERN.exec(text.trim());
  if (!m) return AREA_FORMAT;
  const [west, south, east, north] = m.slice(1, 5).map(Number) as [number, number, number, number];
  if (
    [west, east].some((v) => v < -180 || v > 180) ||
    [south, north].some((v) => v < -90 || v > 90)
  ) {
    return 'The map area is outside the world: longitudes run from -180 to 180, latitudes from -90 to 90.';
  }
  if (west >= east || south >= north) {
    return 'The map area is empty: its west edge must be west of its east edge, and its south edge south of its north edge.';
  }
  return { west, south, east, north };
}

/**
 * The `area` value of a map's edges, to 5 decimals (about a metre: short, shareable URLs), kept
 * inside the world's edges (a map zoomed out shows past them).
 */
export function formatListingsArea(area: ListingsArea): string {
  const d = (v: number, limit: number) =>
    String(Math.round(Math.max(-limit, Math.min(limit, v)) * 1e5) / 1e5);
  return [d(area.west, 180), d(area.south, 90), d(area.east, 180), d(area.north, 90)].join(',');
}
