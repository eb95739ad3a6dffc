import { type Db, type Property, properties, propertyParticipants } from '@lantern/db';
import { and, eq, ne, sql } from 'drizzle-orm';
import { type PropertyToAdd, propertyIdentity } from './properties-write.ts';

export type AddressChange = Omit<PropertyToAdd, 'lat' | 'lng' | 'addressJson'> & {
  /** From placeData; undefined keeps what is stored. */
  place?: { lat: number | null; lng: number | null; addressJson: unknown } | undefined;
};

export type UpdateOutcome = { ok: true; property: Property } | { ok: false; duplicateOf: string };

/** The same advisory-lock namespace as adding, so an edit and an add cannot cross. */
const ADD_LOCK = 4_001;

/**
 * Change a property's address. Refused when it would make the property the same as another of
 * the editing user's properties (the add-property duplicate rule).
 */
export function createPropertyUpdater(db: Db) {
  return {
    async updateAddress(
      userId: number,
      propertyId: number,
      change: AddressChange,
    ): Promise<UpdateOutcome> {
      const identity = propertyIdentity(change);
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${ADD_LOCK}, ${userId})`);
        const others = await tx
          .select({
            hash: properties.hash,
            locationType: properties.locationType,
            apn: properties.apn,
            street: properties.street,
            unit: properties.unit,
            city: properties.city,
            state: properties.state,
            zip: properties.zip,
          })
          .from(propertyParticipants)
          .innerJoin(properties, eq(properties.id, propertyParticipants.propertyId))
          .where(and(eq(propertyParticipants.userId, userId), ne(properties.id, propertyId)));
        const same = others.find((row) => propertyIdentity(row) === identity);
        if (same) return { ok: false, duplicateOf: same.hash };

        const { place, ...address } = change;
        const [property] = await tx
          .update(properties)
          .set({
            ...address,
            ...(place ? { lat: place.lat, lng: place.lng, addressJson: place.addressJson } : {}),
            updatedAt: new Date(),
          })
          .where(eq(properties.id, propertyId))
          .returning();
        if (!property) throw new Error('property update returned nothing');
        return { ok: true, property };
      });
    },
  };
}
