import { sql } from 'drizzle-orm';
import type { Db } from '../src/client.ts';
import { newHash } from '../src/ids.ts';
import { type User, users } from '../src/schema/users.ts';

export interface SeedUser {
  email: string;
  passwordHash: string;
  admin?: boolean;
  vendor?: boolean;
}

/** Create the user, or update the password and flags of the existing one (case-insensitive email). */
export async function upsertUser(db: Db, input: SeedUser): Promise<User> {
  const values = {
    email: input.email,
    passwordHash: input.passwordHash,
    admin: input.admin ?? false,
    vendor: input.vendor ?? false,
  };
  const [existing] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${input.email})`);
  if (existing) {
    const [row] = await db
      .update(users)
      .set({ ...values, email: existing.email, updatedAt: new Date() })
      .where(sql`${users.id} = ${existing.id}`)
      .returning();
    if (!row) throw new Error('update returned nothing');
    return row;
  }
  const [row] = await db
    .insert(users)
    .values({ ...values, hash: newHash() })
    .returning();
  if (!row) throw new Error('insert returned nothing');
  return row;
}
