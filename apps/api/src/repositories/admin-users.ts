import { type Db, propertyParticipants, staffRoles, users, userVendorKinds } from '@lantern/db';
import { and, eq, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import { escapeLike } from './jobs.ts';
import { afterCursor, type KeysetSort, keysetOrder, sortText, toPage } from './keyset.ts';

export interface AdminUsersQuery {
  sort: 'created' | 'email';
  type: 'all' | 'staff' | 'vendor' | 'customer';
  role?: string | undefined;
  search?: string | undefined;
  dir: 'asc' | 'desc';
  limit: number;
  cursor?: string | undefined;
}

const hasKinds = sql`exists (select 1 from ${userVendorKinds} vk where vk.user_id = ${users}.id)`;

/** Every account, as staff search and read them (issue 15). */
export function createAdminUserRepository(db: Db) {
  const columns = {
    id: users.id,
    hash: users.hash,
    email: users.email,
    name: users.name,
    createdAt: users.createdAt,
    roleKey: staffRoles.key,
    roleName: staffRoles.name,
    vendorKinds: sql<
      string[]
    >`coalesce((select array_agg(vk.kind::text order by vk.kind) from ${userVendorKinds} vk where vk.user_id = ${users}.id), '{}')`,
    properties: sql<number>`(select count(*) from ${propertyParticipants} pp where pp.user_id = ${users}.id)::int`,
  };
  return {
    async page(q: AdminUsersQuery) {
      const sort: KeysetSort =
        q.sort === 'email'
          ? { expr: sql`lower(${users.email})`, type: 'text', dir: q.dir }
          : { expr: users.createdAt, type: 'timestamptz', dir: q.dir };
      const term = q.search ? `%${escapeLike(q.search)}%` : undefined;
      const filters: Array<SQL | undefined> = [
        q.type === 'staff' ? isNotNull(users.staffRoleId) : undefined,
        q.type === 'vendor' ? hasKinds : undefined,
        q.type === 'customer' ? and(isNull(users.staffRoleId), sql`not ${hasKinds}`) : undefined,
        q.role ? eq(staffRoles.key, q.role) : undefined,
        term ? or(sql`${users.email} ilike ${term}`, sql`${users.name} ilike ${term}`) : undefined,
        afterCursor(sort, users.id, q.cursor),
      ];
      const rows = await db
        .select({ ...columns, sortKey: sortText(sort), keyId: users.id })
        .from(users)
        .leftJoin(staffRoles, eq(staffRoles.id, users.staffRoleId))
        .where(and(...filters))
        .orderBy(...keysetOrder(sort, users.id))
        .limit(q.limit + 1);
      return toPage(rows, q.limit);
    },
    async byHash(hash: string) {
      const [row] = await db
        .select(columns)
        .from(users)
        .leftJoin(staffRoles, eq(staffRoles.id, users.staffRoleId))
        .where(eq(users.hash, hash));
      return row;
    },
  };
}
export type AdminUserRepository = ReturnType<typeof createAdminUserRepository>;
