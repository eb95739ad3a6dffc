import type { TPermission } from '@lantern/contracts';
import {
  type Db,
  isUniqueViolation,
  newHash,
  propertyParticipants,
  staffRoles,
  type User,
  users,
  userVendorKinds,
} from '@lantern/db';
import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';

export interface UserSummary {
  id: number;
  hash: string;
  email: string;
  /** Any vendor kind (issue 15): the Vendor link and /vendor. */
  vendor: boolean;
  /** Any staff role (issue 15): the Admin link and /admin; what they may do is the role's. */
  admin: boolean;
  staffRoleId: number | null;
  vendorKinds: string[];
  propertiesCount: number;
}

export type { User };

export class EmailTakenError extends Error {
  constructor() {
    super('email taken');
    this.name = 'EmailTakenError';
  }
}

/** Accounts found and created. */
function userAccounts(db: Db) {
  return {
    async findByEmail(email: string): Promise<User | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email})`);
      return row;
    },

    /** Whether staff locked the account (issue 20): a locked account cannot sign in. */
    async isLocked(id: number): Promise<boolean> {
      const [row] = await db
        .select({ lockedAt: users.lockedAt })
        .from(users)
        .where(eq(users.id, id));
      return !!row?.lockedAt;
    },

    async findById(id: number): Promise<User | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id));
      return row;
    },

    /** Insert a user; a concurrent or earlier account with the same email raises EmailTakenError. */
    async create(input: {
      email: string;
      passwordHash: string | null;
      promoOptin: boolean;
    }): Promise<User> {
      try {
        // A savepoint: a refused insert leaves the caller's unit of work usable.
        const [row] = await db.transaction((tx) =>
          tx
            .insert(users)
            .values({ ...input, hash: newHash() })
            .returning(),
        );
        if (!row) throw new Error('insert returned nothing');
        return row;
      } catch (err) {
        if (isUniqueViolation(err, 'users_email_lower_idx')) throw new EmailTakenError();
        throw err;
      }
    },
  };
}

/** An account's email, profile, password and summary, and staff by permission. */
function userProfiles(db: Db) {
  return {
    /** Change the sign-in email; an address another account uses raises EmailTakenError. */
    async updateEmail(id: number, email: string): Promise<void> {
      try {
        await db.transaction((tx) =>
          tx.update(users).set({ email, updatedAt: new Date() }).where(eq(users.id, id)),
        );
      } catch (err) {
        if (isUniqueViolation(err, 'users_email_lower_idx')) throw new EmailTakenError();
        throw err;
      }
    },

    /** Name and contact phone (Account Settings); empty clears them. */
    async updateProfile(id: number, profile: { name: string | null; phone: string | null }) {
      await db
        .update(users)
        .set({ ...profile, updatedAt: new Date() })
        .where(eq(users.id, id));
    },

    async setPasswordHash(id: number, passwordHash: string): Promise<void> {
      await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, id));
    },

    async setPromoOptin(id: number, promoOptin: boolean): Promise<void> {
      await db.update(users).set({ promoOptin, updatedAt: new Date() }).where(eq(users.id, id));
    },

    /** What GET /api/user answers, with the staff role and vendor kinds, in one query. */
    async summary(userId: number): Promise<UserSummary | undefined> {
      const [row] = await db
        .select({
          id: users.id,
          hash: users.hash,
          email: users.email,
          staffRoleId: users.staffRoleId,
          vendorKinds: sql<
            string[]
          >`coalesce((select array_agg(vk.kind::text order by vk.kind) from ${userVendorKinds} vk where vk.user_id = ${users}.id), '{}')`,
          propertiesCount: sql<number>`(select count(*) from ${propertyParticipants} pp where pp.user_id = ${users}.id)::int`,
        })
        .from(users)
        .where(eq(users.id, userId));
      if (!row) return undefined;
      return { ...row, admin: row.staffRoleId !== null, vendor: row.vendorKinds.length > 0 };
    },

    /** The addresses of staff who may `permission` (owners hold every one), locked ones left out. */
    async staffEmailsWith(permission: TPermission): Promise<string[]> {
      const rows = await db
        .select({ email: users.email })
        .from(users)
        .innerJoin(staffRoles, eq(staffRoles.id, users.staffRoleId))
        .where(
          and(
            isNull(users.lockedAt),
            or(eq(staffRoles.isOwner, true), sql`${permission} = any(${staffRoles.permissions})`),
          ),
        )
        .orderBy(asc(users.id));
      return rows.map((r) => r.email);
    },
  };
}

export function createUserRepository(db: Db) {
  return { ...userAccounts(db), ...userProfiles(db) };
}
export type UserRepository = ReturnType<typeof createUserRepository>;
