import {
  type Db,
  newHash,
  type Property,
  type PropertyParticipant,
  properties,
  propertyParticipants,
} from '@lantern/db';
import { and, asc, eq } from 'drizzle-orm';

export type PropertyRole = PropertyParticipant['role'];

/** A property as other features name it: its keys and its address lines. */
export const propertyRefColumns = {
  id: properties.id,
  hash: properties.hash,
  street: properties.street,
  unit: properties.unit,
  city: properties.city,
  state: properties.state,
  zip: properties.zip,
};

export interface UserProperty {
  property: Property;
  participant: PropertyParticipant;
}

export interface NewProperty {
  locationType: 'address' | 'parcel';
  apn?: string | null;
  street: string;
  unit?: string | null;
  city: string;
  county?: string | null;
  state: string;
  zip: string;
  lat?: number | null;
  lng?: number | null;
  positionPrecision?: 'rooftop' | 'street' | 'zip' | 'pin' | null;
  addressJson?: unknown;
}

/** Every property the user takes part in, whole, oldest first (the v1 property list). */
function detailsForUser(db: Db, userId: number): Promise<UserProperty[]> {
  return db
    .select({ property: properties, participant: propertyParticipants })
    .from(propertyParticipants)
    .innerJoin(properties, eq(properties.id, propertyParticipants.propertyId))
    .where(eq(propertyParticipants.userId, userId))
    .orderBy(asc(propertyParticipants.id));
}

/**
 * Properties as one user sees them. Every read is scoped by user: a property the user does not
 * take part in is simply not found, exactly like one that does not exist (no probing).
 */
export function createPropertyRepository(db: Db) {
  return {
    /** The menu (and the overview): every property the user takes part in, oldest first. */
    async listForUser(userId: number) {
      return db
        .select({
          id: properties.id,
          hash: properties.hash,
          street: properties.street,
          unit: properties.unit,
          role: propertyParticipants.role,
          visible: propertyParticipants.visible,
        })
        .from(propertyParticipants)
        .innerJoin(properties, eq(properties.id, propertyParticipants.propertyId))
        .where(eq(propertyParticipants.userId, userId))
        .orderBy(asc(propertyParticipants.id));
    },

    detailsForUser: (userId: number) => detailsForUser(db, userId),
    async findForUser(userId: number, hash: string): Promise<UserProperty | undefined> {
      const [row] = await db
        .select({ property: properties, participant: propertyParticipants })
        .from(propertyParticipants)
        .innerJoin(properties, eq(properties.id, propertyParticipants.propertyId))
        .where(and(eq(propertyParticipants.userId, userId), eq(properties.hash, hash)));
      return row;
    },

    /** Whether the user takes part in the property (realtime channel authorization). */
    async isParticipant(userId: number, hash: string): Promise<boolean> {
      const [row] = await db
        .select({ id: propertyParticipants.id })
        .from(propertyParticipants)
        .innerJoin(properties, eq(properties.id, propertyParticipants.propertyId))
        .where(and(eq(propertyParticipants.userId, userId), eq(properties.hash, hash)));
      return !!row;
    },

    /** A property by hash, whoever takes part: staff routes only. */
    async findByHash(hash: string): Promise<Property | undefined> {
      const [row] = await db.select().from(properties).where(eq(properties.hash, hash));
      return row;
    },

    /** Whether a property with this hash exists at all (staff channel authorization only). */
    async exists(hash: string): Promise<boolean> {
      const [row] = await db
        .select({ id: properties.id })
        .from(properties)
        .where(eq(properties.hash, hash));
      return !!row;
    },

    /** Hide or show a property in this user's menu; false when it is not the user's. */
    async setVisible(userId: number, hash: string, visible: boolean): Promise<boolean> {
      const found = await this.findForUser(userId, hash);
      if (!found) return false;
      await db
        .update(propertyParticipants)
        .set({ visible })
        .where(eq(propertyParticipants.id, found.participant.id));
      return true;
    },

    /** A property with its first participant, in one transaction. */
    async create(userId: number, role: PropertyRole, input: NewProperty): Promise<Property> {
      return db.transaction(async (tx) => {
        const [property] = await tx
          .insert(properties)
          .values({ ...input, hash: newHash() })
          .returning();
        if (!property) throw new Error('insert returned nothing');
        await tx.insert(propertyParticipants).values({ propertyId: property.id, userId, role });
        return property;
      });
    },

    /** Change the street line; the caller publishes PropertyUpdated. */
    async updateStreet(
      id: number,
      street: string,
      unit: string | null,
    ): Promise<Property | undefined> {
      const [row] = await db
        .update(properties)
        .set({ street, unit, updatedAt: new Date() })
        .where(eq(properties.id, id))
        .returning();
      return row;
    },
  };
}
export type PropertyRepository = ReturnType<typeof createPropertyRepository>;
