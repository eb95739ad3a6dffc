import { type Db, listingPhotos, properties } from '@lantern/db';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';

/** The home's position for a pin: none when it is only its ZIP code's centroid (issue 36). */
const pinned = (column: typeof properties.lat | typeof properties.lng) =>
  sql<
    number | null
  >`case when ${properties.positionPrecision} = 'zip' then null else ${column} end`;

/** What a public listing row shows of its property: the address and the map position. */
export const PROPERTY_PLACE = {
  street: properties.street,
  unit: properties.unit,
  city: properties.city,
  state: properties.state,
  zip: properties.zip,
  lat: pinned(properties.lat),
  lng: pinned(properties.lng),
};

/** The primary photo of a listing (`owner`: its photos' condition): the first ready one. */
export async function firstReadyPhotoHash(db: Db, owner: SQL): Promise<string | null> {
  const [photo] = await db
    .select({ hash: listingPhotos.hash })
    .from(listingPhotos)
    .where(and(owner, eq(listingPhotos.status, 'ready')))
    .orderBy(asc(listingPhotos.position), asc(listingPhotos.id))
    .limit(1);
  return photo?.hash ?? null;
}
