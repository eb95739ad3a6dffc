import {
  type Db,
  newHash,
  properties,
  propertyParticipants,
  type RealEstateLicense,
  type Referral,
  realEstateLicenses,
  referralInvitations,
  referrals,
  type Tx,
  users,
  userVendorKinds,
} from '@lantern/db';
import type { TReferralStatus } from '@lantern/domain';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { afterCursor, type KeysetSort, keysetOrder, sortText, toPage } from '../../lib/keyset.ts';
import { escapeLike } from '../jobs/jobs.repository.ts';

const referrer = alias(users, 'referrer');
const customer = alias(users, 'customer');

/** A referral as staff list it: who, for which property, and whether it may be paid today. */
function rowColumns(today: string) {
  return {
    referral: referrals,
    referrerHash: referrer.hash,
    referrerEmail: referrer.email,
    referrerName: referrer.name,
    customerHash: customer.hash,
    propertyHash: properties.hash,
    street: properties.street,
    unit: properties.unit,
    city: properties.city,
    state: properties.state,
    payable: sql<boolean>`exists (select 1 from ${realEstateLicenses} l where l.user_id = ${referrals.referrerId} and l.state = ${properties.state} and l.expires_on >= ${today})`,
  };
}

const rows = <E extends Record<string, SQL | typeof referrals.id>>(
  q: Db | Tx,
  today: string,
  extra: E = {} as E,
) =>
  q
    .select({ ...rowColumns(today), ...extra })
    .from(referrals)
    .innerJoin(referrer, eq(referrer.id, referrals.referrerId))
    .leftJoin(customer, eq(customer.id, referrals.customerId))
    .leftJoin(properties, eq(properties.id, referrals.propertyId))
    .$dynamic();

/** Referrals paged and found, their fee items, and the people they name. */
function referralReads(db: Db) {
  return {
    async page(
      q: {
        status: 'all' | TReferralStatus;
        search?: string | undefined;
        /** Only this referrer's (the vendor area, decision 051). */
        referrerId?: number | undefined;
        dir: 'asc' | 'desc';
        limit: number;
        cursor?: string | undefined;
      },
      today: string,
    ) {
      const sort: KeysetSort = { expr: referrals.createdAt, type: 'timestamptz', dir: q.dir };
      const term = q.search ? `%${escapeLike(q.search)}%` : undefined;
      const filters: Array<SQL | undefined> = [
        q.status === 'all' ? undefined : eq(referrals.status, q.status),
        q.referrerId === undefined ? undefined : eq(referrals.referrerId, q.referrerId),
        term
          ? sql`(${referrer.email} || ' ' || coalesce(${referrer.name}, '') || ' ' || ${referrals.customerEmail} || ' ' || coalesce(${properties.street}, '')) ilike ${term}`
          : undefined,
        afterCursor(sort, referrals.id, q.cursor),
      ];
      const found = await rows(db, today, { sortKey: sortText(sort), keyId: referrals.id })
        .where(and(...filters))
        .orderBy(...keysetOrder(sort, referrals.id))
        .limit(q.limit + 1);
      return toPage(found, q.limit);
    },

    async byHash(hash: string, today: string) {
      const [row] = await rows(db, today).where(eq(referrals.hash, hash));
      return row;
    },

    /** One of the referrer's own referrals; another's is undefined (a 404). */
    async byHashFor(referrerId: number, hash: string, today: string) {
      const [row] = await rows(db, today).where(
        and(eq(referrals.hash, hash), eq(referrals.referrerId, referrerId)),
      );
      return row;
    },

    /** What the referrer's fee sums need of every one of their referrals. */
    feeItemsOf: (referrerId: number, today: string) =>
      db
        .select({
          status: referrals.status,
          feeCents: referrals.feeCents,
          payable: rowColumns(today).payable,
        })
        .from(referrals)
        .leftJoin(properties, eq(properties.id, referrals.propertyId))
        .where(eq(referrals.referrerId, referrerId)),

    /** The referrer whose invitation the customer accepted (decision 051), if any. */
    async linkedReferrer(customerId: number) {
      const [row] = await db
        .select({ id: users.id, email: users.email })
        .from(referralInvitations)
        .innerJoin(users, eq(users.id, referralInvitations.referrerId))
        .where(eq(referralInvitations.customerId, customerId));
      return row;
    },

    /** A person by email, with their vendor kinds. */
    async person(email: string) {
      const [row] = await db
        .select({
          id: users.id,
          hash: users.hash,
          email: users.email,
          kinds: sql<
            string[]
          >`coalesce((select array_agg(vk.kind::text) from ${userVendorKinds} vk where vk.user_id = ${users}.id), '{}')`,
        })
        .from(users)
        .where(sql`lower(${users}.email) = lower(${email})`);
      return row;
    },
  };
}

/** The referrer's property, and adding, changing and removing a referral under its lock. */
function referralWrites(db: Db) {
  return {
    /** The property, when `userId` takes part in it. */
    async propertyOf(userId: number, hash: string) {
      const [row] = await db
        .select({ id: properties.id })
        .from(properties)
        .innerJoin(propertyParticipants, eq(propertyParticipants.propertyId, properties.id))
        .where(and(eq(properties.hash, hash), eq(propertyParticipants.userId, userId)));
      return row;
    },

    async insert(values: {
      referrerId: number;
      customerId: number;
      customerEmail: string;
      propertyId: number | null;
      feeCents: number;
      notes: string;
      createdBy: number;
    }): Promise<Referral> {
      const [row] = await db
        .insert(referrals)
        .values({ ...values, hash: newHash() })
        .returning();
      if (!row) throw new Error('referral not inserted');
      return row;
    },

    /**
     * Run `change` with the referral locked (and its property's state), in one transaction, so
     * two staff acting at once cannot both move it. Undefined when there is no such referral.
     */
    async withLocked<R>(
      hash: string,
      change: (tx: Tx, locked: { referral: Referral; state: string | null }) => Promise<R>,
    ): Promise<R | undefined> {
      return db.transaction(async (tx) => {
        const [referral] = await tx
          .select()
          .from(referrals)
          .where(eq(referrals.hash, hash))
          .for('update');
        if (!referral) return undefined;
        const [property] = referral.propertyId
          ? await tx
              .select({ state: properties.state })
              .from(properties)
              .where(eq(properties.id, referral.propertyId))
          : [];
        return change(tx, { referral, state: property?.state ?? null });
      });
    },

    async update(
      tx: Tx,
      id: number,
      patch: Partial<
        Pick<Referral, 'status' | 'earnedAt' | 'paidAt' | 'paidReference' | 'paidLicense'>
      >,
    ): Promise<Referral> {
      const [row] = await tx
        .update(referrals)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(referrals.id, id))
        .returning();
      if (!row) throw new Error('referral not updated');
      return row;
    },

    async remove(tx: Tx, id: number): Promise<void> {
      await tx.delete(referrals).where(eq(referrals.id, id));
    },
  };
}

/** Referrers' licenses. */
function referrerLicenses(db: Db) {
  return {
    /** The person's license for `state` valid on `today` (inside a transaction). */
    async validLicense(
      tx: Tx,
      userId: number,
      state: string,
      today: string,
    ): Promise<RealEstateLicense | undefined> {
      const [row] = await tx
        .select()
        .from(realEstateLicenses)
        .where(
          and(
            eq(realEstateLicenses.userId, userId),
            eq(realEstateLicenses.state, state),
            sql`${realEstateLicenses.expiresOn} >= ${today}`,
          ),
        );
      return row;
    },

    licensesOf: (userId: number) =>
      db
        .select()
        .from(realEstateLicenses)
        .where(eq(realEstateLicenses.userId, userId))
        .orderBy(asc(realEstateLicenses.state)),

    /** Add the license for its state, or replace the one on file; answers the one replaced. */
    async putLicense(values: {
      userId: number;
      state: string;
      number: string;
      expiresOn: string;
      addedBy: number;
    }): Promise<RealEstateLicense | undefined> {
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(realEstateLicenses)
          .where(
            and(
              eq(realEstateLicenses.userId, values.userId),
              eq(realEstateLicenses.state, values.state),
            ),
          )
          .for('update');
        await tx
          .insert(realEstateLicenses)
          .values(values)
          .onConflictDoUpdate({
            target: [realEstateLicenses.userId, realEstateLicenses.state],
            set: { number: values.number, expiresOn: values.expiresOn, addedBy: values.addedBy },
          });
        return before;
      });
    },

    async removeLicense(userId: number, state: string): Promise<RealEstateLicense | undefined> {
      const [row] = await db
        .delete(realEstateLicenses)
        .where(and(eq(realEstateLicenses.userId, userId), eq(realEstateLicenses.state, state)))
        .returning();
      return row;
    },
  };
}

/** Referrals and referrers' licenses (issue 23). */
export function createReferralRepository(db: Db) {
  return { ...referralReads(db), ...referralWrites(db), ...referrerLicenses(db) };
}
export type ReferralRepository = ReturnType<typeof createReferralRepository>;
