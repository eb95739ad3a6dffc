import { type Db, type Property, properties } from '@lantern/db';
import { eq, ne } from 'drizzle-orm';
import {
  lockAndFindSame,
  type PropertyToAdd,
  propertyIdentity,
} from './properties-write.repository.ts';

/** The new address with its placement, decided by the server (services/property-placement). */
export type AddressChange = PropertyToAdd;

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

        const [property] = await tx
          .update(properties)
          .set({ ...change, updatedAt: new Date() })
          .where(eq(properties.id, propertyId))
          .returning();
        if (!property) throw new Error('property update returned nothing');
        return { ok: true, property };
      });
    },
  };
}
export type PropertyUpdater = ReturnType<typeof createPropertyUpdater>;
