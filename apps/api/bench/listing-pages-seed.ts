// Published listings for bench/listing-pages.ts, made in one statement: spread over twenty
// cities and their ZIP codes, every public type, prices from $80,000 to about $2 million, one to
// six bedrooms; four in five for sale, one in ten under contract, one in ten sold. The status
// follows a listing's place among its city's (g / 20), not g itself: with g % 10, every listing
// of two cities (Austin among them) was sold and one city's were all under contract (issue 46).
import { type Db, listings } from '@lantern/db';
import { sql } from 'drizzle-orm';

export const BENCH_CITIES = [
  ['Austin', 'TX', '78701', 30.27, -97.74],
  ['Denver', 'CO', '80202', 39.75, -104.99],
  ['Portland', 'OR', '97205', 45.52, -122.68],
  ['Boston', 'MA', '02108', 42.36, -71.06],
  ['Miami', 'FL', '33130', 25.77, -80.2],
  ['Phoenix', 'AZ', '85004', 33.45, -112.07],
  ['Nashville', 'TN', '37203', 36.15, -86.79],
  ['Seattle', 'WA', '98101', 47.61, -122.33],
  ['Springfield', 'IL', '62701', 39.8, -89.65],
  ['Minneapolis', 'MN', '55403', 44.97, -93.28],
  ['Atlanta', 'GA', '30303', 33.75, -84.39],
  ['Raleigh', 'NC', '27601', 35.78, -78.64],
  ['Columbus', 'OH', '43215', 39.96, -83.0],
  ['Tucson', 'AZ', '85701', 32.22, -110.97],
  ['Omaha', 'NE', '68102', 41.26, -95.93],
  ['Boise', 'ID', '83702', 43.62, -116.2],
  ['Tampa', 'FL', '33602', 27.95, -82.46],
  ['Madison', 'WI', '53703', 43.07, -89.39],
  ['Reno', 'NV', '89501', 39.53, -119.81],
  ['Richmond', 'VA', '23219', 37.54, -77.44],
] as const;

const TYPES = [
  'single-family',
  'condo',
  'townhouse',
  'multi-family',
  'manufactured',
  'land',
  'other',
];

export async function seedBenchListings(db: Db, count: number): Promise<void> {
  const cities = sql.raw(
    `(values ${BENCH_CITIES.map((c, i) => `(${i}, '${c[0]}', '${c[1]}', '${c[2]}', ${c[3]}, ${c[4]})`).join(', ')}) as c(i, city, state, zip, lat, lng)`,
  );
  const types = sql.raw(`array[${TYPES.map((t) => `'${t}'`).join(', ')}]`);
  await db.execute(sql`
    insert into ${listings} (hash, slug, status, street_address, city, state, zip_code, price,
      bedrooms, bathrooms, square_feet, property_type, year_built, lat, lng, remarks, listed_at,
      closed_at, published_at)
    select 'bench' || g, g || '-bench-st-bench' || g,
      (case (g / ${BENCH_CITIES.length}) % 10 when 0 then 'sold' when 1 then 'pending' else 'active' end)::listing_status,
      g || ' Bench St', c.city, c.state, c.zip, 80000 + (g * 7919) % 1900000,
      1 + g % 6, 1 + (g % 7) * 0.5, 600 + (g * 37) % 4000, (${types})[1 + g % 7],
      1900 + g % 125, c.lat + ((g % 100) - 50) * 0.001, c.lng + ((g % 97) - 48) * 0.001,
      'A bench listing with a few words of remarks.', now() - (g || ' minutes')::interval,
      case when (g / ${BENCH_CITIES.length}) % 10 = 0 then now() - (g || ' hours')::interval end, now()
    from generate_series(1, ${count}) as g
    join ${cities} on c.i = g % ${BENCH_CITIES.length}`);
  // What autovacuum would do after such a load: the planner's statistics for the new rows.
  await db.execute(sql`analyze ${listings}`);
}
