import { type Db, type Property, properties } from '@lantern/db';
import { eq, ne } from 'drizzle-orm';
import { lockAndFindSame, type PropertyToAdd, propertyIdentity } from './properties-write.ts';

export type AddressChange = Omit<PropertyToAdd, 'lat' | 'lng' | 'addressJson'> & {
  /** From placeData; undefined keeps what is stored. */
  place?: { lat: number | null; lng: number | null; addressJson: unknown } | undefined;
};

export type UpdateOutcome = { ok: true; property: Property } | { ok: false; duplicateOf: string };

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
        const same = await lockAndFindSame(tx, userId, identity, ne(properties.id, propertyId));
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
export type PropertyUpdater = ReturnType<typeof createPropertyUpdater>;
