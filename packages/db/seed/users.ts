import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../src/client.ts';
import { newHash } from '../src/ids.ts';
import { userVendorKinds, vendorKind } from '../src/schema/staff.ts';
import { staffRoles, type User, users } from '../src/schema/users.ts';

type VendorKind = (typeof vendorKind.enumValues)[number];

export interface SeedUser {
  email: string;
  passwordHash: string;
  /** A staff role key (`owner`, `operations`, …); omitted leaves the account without one. */
  role?: string | undefined;
  /** Vendor kinds to add (existing ones are kept). */
  vendorKinds?: readonly string[] | undefined;
}

/**
 * Create the user, or update the password of the existing one (case-insensitive email); give it
 * the staff role and vendor kinds asked for. An unknown role or kind throws.
 */
export async function upsertUser(db: Db, input: SeedUser): Promise<User> {
  let staffRoleId: number | undefined;
  if (input.role) {
    const [role] = await db.select().from(staffRoles).where(eq(staffRoles.key, input.role));
    if (!role) throw new Error(`No staff role "${input.role}".`);
    staffRoleId = role.id;
  }
  const kinds = (input.vendorKinds ?? []).map((kind) => {
    if (!(vendorKind.enumValues as readonly string[]).includes(kind))
      throw new Error(`No vendor kind "${kind}" (${vendorKind.enumValues.join(', ')}).`);
    return kind as VendorKind;
  });
  const values = {
    email: input.email,
    passwordHash: input.passwordHash,
    ...(staffRoleId ? { staffRoleId } : {}),
  };
  const [existing] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${input.email})`);
  let row: User | undefined;
  if (existing) {
    [row] = await db
      .update(users)
      .set({ ...values, email: existing.email, updatedAt: new Date() })
      .where(and(eq(users.id, existing.id)))
      .returning();
  } else {
    [row] = await db
      .insert(users)
      .values({ ...values, hash: newHash() })
      .returning();
  }
  if (!row) throw new Error('upsert returned nothing');
  if (kinds.length)
    await db
      .insert(userVendorKinds)
      .values(kinds.map((kind) => ({ userId: row.id, kind })))
      .onConflictDoNothing();
  return row;
}
