import { auditLog, type Db, type Property, properties } from '@lantern/db';
import { and, asc, eq, gt, isNull, or, type SQL } from 'drizzle-orm';

/** A property the placement job has to look at: it lacks county, position or its precision. */
export const UNPLACED: SQL = or(
  isNull(properties.county),
  isNull(properties.lat),
  isNull(properties.positionPrecision),
) as SQL;

/** A property the placement job reads: its typed address and what was placed of it. */
export type UnplacedProperty = Pick<
  Property,
  | 'id'
  | 'hash'
  | 'locationType'
  | 'apn'
  | 'street'
  | 'unit'
  | 'city'
  | 'county'
  | 'state'
  | 'zip'
  | 'lat'
  | 'lng'
  | 'positionPrecision'
  | 'addressJson'
>;

/** What the repair may fill in: only columns a geocoder decides, never what a person typed. */
export interface PlacementFill {
  county?: string;
  lat?: number;
  lng?: number;
  positionPrecision?: Property['positionPrecision'] & {};
  addressJson?: unknown;
}

/** The placement job's queries (issue 36): find properties to place, fill them in with their audit row. */
export function createPlacementRepository(db: Db) {
  return {
    unplaced: (afterId: number, limit: number): Promise<UnplacedProperty[]> =>
      db
        .select({
          id: properties.id,
          hash: properties.hash,
          locationType: properties.locationType,
          apn: properties.apn,
          street: properties.street,
          unit: properties.unit,
          city: properties.city,
          county: properties.county,
          state: properties.state,
          zip: properties.zip,
          lat: properties.lat,
          lng: properties.lng,
          positionPrecision: properties.positionPrecision,
          addressJson: properties.addressJson,
        })
        .from(properties)
        .where(and(UNPLACED, gt(properties.id, afterId)))
        .orderBy(asc(properties.id))
        .limit(limit),

    /**
     * Fill the columns in, and the activity-log row with them: both commit or neither. Only null
     * columns are written, so a customer's edit racing the job keeps what the customer saved.
     */
    async fill(row: UnplacedProperty, fill: PlacementFill): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [locked] = await tx
          .select()
          .from(properties)
          .where(eq(properties.id, row.id))
          .for('update');
        if (!locked) return false;
        const set: PlacementFill = {};
        if (locked.county === null && fill.county) set.county = fill.county;
        if (locked.lat === null && locked.lng === null && fill.lat != null && fill.lng != null) {
          set.lat = fill.lat;
          set.lng = fill.lng;
          set.positionPrecision = fill.positionPrecision;
        } else if (locked.positionPrecision === null && locked.lat !== null) {
          set.positionPrecision = fill.positionPrecision;
        }
        if (locked.addressJson === null && fill.addressJson) set.addressJson = fill.addressJson;
        if (Object.values(set).every((v) => v === undefined)) return false;
        await tx.update(properties).set(set).where(eq(properties.id, row.id));
        const before = Object.fromEntries(
          Object.keys(set).map((key) => [key, locked[key as keyof typeof locked] ?? null]),
        );
        await tx.insert(auditLog).values({
          actorKind: 'system',
          method: 'JOB',
          url: 'job:properties.place',
          action: 'property.placed',
          recordType: 'property',
          recordId: row.hash,
          before,
          after: set,
          status: 200,
        });
        return true;
      });
    },
  };
}
export type PlacementRepository = ReturnType<typeof createPlacementRepository>;
