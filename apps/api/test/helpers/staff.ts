import { users, userVendorKinds } from '@lantern/db';
import type { TVendorKind } from '@lantern/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

/** Give a test user a staff role by key (owner, operations, …) and drop their cached summary. */
export async function giveStaffRole(app: FastifyInstance, userId: number, key: string) {
  const role = await app.staffRoles.byKey(key);
  if (!role) throw new Error(`no role ${key}`);
  await app.db.update(users).set({ staffRoleId: role.id }).where(eq(users.id, userId));
  await app.currentUser.changed(userId);
}

/** Give a test user vendor kinds and drop their cached summary. */
export async function giveVendorKinds(app: FastifyInstance, userId: number, kinds: TVendorKind[]) {
  await app.db
    .insert(userVendorKinds)
    .values(kinds.map((kind) => ({ userId, kind })))
    .onConflictDoNothing();
  await app.currentUser.changed(userId);
}
