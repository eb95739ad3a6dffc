import { normalizeStreetLine, normalizeUnit, parseStreetLine } from '@lantern/address';
import {
  type Db,
  newHash,
  type Property,
  type PropertyParticipant,
  properties,
  propertyParticipants,
} from '@lantern/db';
import { and, eq, type SQL, sql } from 'drizzle-orm';

export interface PropertyToAdd {
  locationType: 'address' | 'parcel';
  apn: string | null;
  street: string;
  unit: string | null;
  city: string;
  county: string | null;
  state: string;
  zip: string;
  lat: number | null;
  lng: number | null;
  positionPrecision: 'rooftop' | 'street' | 'zip' | 'pin' | null;
  addressJson: unknown;
}

type Identity = Pick<
  PropertyToAdd,
  'locationType' | 'apn' | 'street' | 'unit' | 'city' | 'state' | 'zip'
>;

const canonical = (value: string | null | undefined) =>
  (value ?? '').trim().replace(/\s+/g, ' ').toUpperCase();

/**
 * What makes two properties of one user the same: for an address, the USPS-normalised street
 * and unit with city, state and 5-digit ZIP ('1600 main street' = '1600 Main St'); for a parcel,
 * its APN (spaces and dashes ignored) in its state.
 */
export function propertyIdentity(p: Identity): string {
  if (p.locationType === 'parcel') {
    return ['parcel', canonical(p.apn).replace(/[\s-]/g, ''), canonical(p.state)].join('|');
  }
  const parsed = parseStreetLine(p.street);
  const street = canonical(normalizeStreetLine(p.street) ?? p.street);
  const unit = canonical(normalizeUnit(p.unit ?? '') || parsed?.unit || '');
  const zip = canonical(p.zip).slice(0, 5);
  return ['address', street, unit, canonical(p.city), canonical(p.state), zip].join('|');
}

export type AddOutcome =
  | { ok: true; property: Property; participant: PropertyParticipant }
  | { ok: false; duplicateOf: string };

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Inside a transaction: take the user's add/edit lock, then find one of their properties (within
 * `scope`) identical to `identity`. Adding and editing share the lock, so neither can cross the
 * other's duplicate check.
 */
export async function lockAndFindSame(tx: Tx, userId: number, identity: string, scope: SQL) {
  await tx.execute(sql`select pg_advisory_xact_lock(${ADD_LOCK}, ${userId})`);
  const mine = await tx
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
    .where(and(eq(propertyParticipants.userId, userId), scope));
  return mine.find((row) => propertyIdentity(row) === identity);
}

/** Advisory-lock namespace for "a user is adding a property" (the second key is the user id). */
const ADD_LOCK = 4_001;

/**
 * The add-property write path: refuse a property the user already has, else create it with the
 * user as its first participant. One transaction holding a per-user advisory lock, so two quick
 * submits of the same address cannot both pass the duplicate check.
 */
export function createPropertyWriter(db: Db) {
  return {
    async addForUser(
      userId: number,
      role: PropertyParticipant['role'],
      input: PropertyToAdd,
    ): Promise<AddOutcome> {
      const identity = propertyIdentity(input);
      return db.transaction(async (tx) => {
        const same = await lockAndFindSame(tx, userId, identity, eq(properties.state, input.state));
        if (same) return { ok: false, duplicateOf: same.hash };

        const [property] = await tx
          .insert(properties)
          .values({ ...input, hash: newHash() })
          .returning();
        if (!property) throw new Error('property insert returned nothing');
        const [participant] = await tx
          .insert(propertyParticipants)
          .values({ propertyId: property.id, userId, role })
          .returning();
        if (!participant) throw new Error('participant insert returned nothing');
        return { ok: true, property, participant };
      });
    },
  };
}
export type PropertyWriter = ReturnType<typeof createPropertyWriter>;
