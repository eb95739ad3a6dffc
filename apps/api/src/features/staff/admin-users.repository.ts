import {
  auditLog,
  type Db,
  invoices,
  messages,
  orders,
  products,
  properties,
  propertyParticipants,
  sessions,
  staffRoles,
  users,
  userVendorKinds,
} from '@lantern/db';
import { and, count, desc, eq, gt, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import {
  afterCursorSlot,
  cursorValues,
  type KeysetSort,
  keysetOrder,
  preparedShapes,
  sortText,
  toPage,
} from '../../lib/keyset.ts';
import { escapeLike } from '../jobs/jobs.repository.ts';

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
  lockedAt: users.lockedAt,
};

const address = {
  street: properties.street,
  unit: properties.unit,
  city: properties.city,
  state: properties.state,
  zip: properties.zip,
};

/** Which filters a page sets and its order: one prepared statement each. */
interface UsersShape extends Record<string, string | boolean> {
  sort: AdminUsersQuery['sort'];
  type: AdminUsersQuery['type'];
  dir: AdminUsersQuery['dir'];
  role: boolean;
  search: boolean;
  cursor: boolean;
}

function sortOf(shape: Pick<UsersShape, 'sort' | 'dir'>): KeysetSort {
  return shape.sort === 'email'
    ? { expr: sql`lower(${users.email})`, type: 'text', dir: shape.dir }
    : { expr: users.createdAt, type: 'timestamptz', dir: shape.dir };
}

/** Staff's account list as one prepared statement per shape (decision 087). */
function usersPageQueries(db: Db) {
  return preparedShapes('admin_users', (shape: UsersShape, name) => {
    const sort = sortOf(shape);
    const term = sql.placeholder('term');
    const filters: Array<SQL | undefined> = [
      shape.type === 'staff' ? isNotNull(users.staffRoleId) : undefined,
      shape.type === 'vendor' ? hasKinds : undefined,
      shape.type === 'customer' ? and(isNull(users.staffRoleId), sql`not ${hasKinds}`) : undefined,
      shape.role ? eq(staffRoles.key, sql.placeholder('role')) : undefined,
      shape.search
        ? or(sql`${users.email} ilike ${term}`, sql`${users.name} ilike ${term}`)
        : undefined,
      shape.cursor ? afterCursorSlot(sort, users.id) : undefined,
    ];
    return (
      db
        .select({ ...columns, sortKey: sortText(sort), keyId: users.id })
        .from(users)
        .leftJoin(staffRoles, eq(staffRoles.id, users.staffRoleId))
        .where(and(...filters))
        .orderBy(...keysetOrder(sort, users.id))
        .limit(sql.placeholder('limit'))
        // A search runs unnamed, planned for its term: trigram indexes for a rare one, the list's
        // order for a common one (decision 088); a generic plan cannot tell them apart.
        .prepare(shape.search ? '' : name)
    );
  });
}

/** Accounts paged and read, locked, and their sessions. */
function adminUserReads(db: Db) {
  const pageQuery = usersPageQueries(db);
  return {
    async page(q: AdminUsersQuery) {
      const query = pageQuery({
        sort: q.sort,
        type: q.type,
        dir: q.dir,
        role: Boolean(q.role),
        search: Boolean(q.search),
        cursor: Boolean(q.cursor),
      });
      const rows = await query.execute({
        role: q.role,
        term: q.search ? `%${escapeLike(q.search)}%` : undefined,
        limit: q.limit + 1,
        ...(q.cursor ? cursorValues(q.cursor) : {}),
      });
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

    /** Lock (a time) or unlock (null); answers the lock it replaced. */
    async setLocked(userId: number, lockedAt: Date | null): Promise<Date | null> {
      const [before] = await db
        .select({ lockedAt: users.lockedAt })
        .from(users)
        .where(eq(users.id, userId));
      await db.update(users).set({ lockedAt, updatedAt: new Date() }).where(eq(users.id, userId));
      return before?.lockedAt ?? null;
    },

    async liveSessions(userId: number, now: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(sessions)
        .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)));
      return row?.n ?? 0;
    },
  };
}

/** What an account has: properties, orders, invoices, messages, activity. */
function adminUserRecords(db: Db) {
  return {
    /** The properties a person takes part in, newest first. */
    propertiesOf: (userId: number, limit: number) =>
      db
        .select({
          hash: properties.hash,
          ...address,
          role: propertyParticipants.role,
          canEdit: propertyParticipants.canEdit,
        })
        .from(propertyParticipants)
        .innerJoin(properties, eq(properties.id, propertyParticipants.propertyId))
        .where(eq(propertyParticipants.userId, userId))
        .orderBy(desc(propertyParticipants.id))
        .limit(limit),

    /** Orders the person placed, newest first. */
    ordersOf: (userId: number, limit: number) =>
      db
        .select({
          hash: orders.hash,
          product: products.name,
          ...address,
          status: orders.status,
          priceCents: orders.priceCents,
          createdAt: orders.createdAt,
        })
        .from(orders)
        .innerJoin(products, eq(products.id, orders.productId))
        .innerJoin(properties, eq(properties.id, orders.propertyId))
        .where(eq(orders.userId, userId))
        .orderBy(desc(orders.id))
        .limit(limit),

    /** Invoices billed to the person, newest first. */
    invoicesOf: (userId: number, limit: number) =>
      db
        .select({
          hash: invoices.hash,
          number: invoices.number,
          status: invoices.status,
          totalCents: invoices.totalCents,
          issuedAt: invoices.issuedAt,
        })
        .from(invoices)
        .where(eq(invoices.userId, userId))
        .orderBy(desc(invoices.id))
        .limit(limit),

    /** Messages the person wrote on any property, newest first. */
    messagesOf: (userId: number, limit: number) =>
      db
        .select({
          propertyHash: properties.hash,
          ...address,
          body: messages.body,
          createdAt: messages.createdAt,
        })
        .from(messages)
        .innerJoin(properties, eq(properties.id, messages.propertyId))
        .where(and(eq(messages.authorId, userId), eq(messages.fromStaff, false)))
        .orderBy(desc(messages.id))
        .limit(limit),

    /** What the person did, from the activity log, newest first. */
    activityOf: (userId: number, limit: number) =>
      db
        .select({
          id: auditLog.id,
          action: auditLog.action,
          method: auditLog.method,
          url: auditLog.url,
          createdAt: auditLog.createdAt,
        })
        .from(auditLog)
        .where(eq(auditLog.actorId, userId))
        .orderBy(desc(auditLog.id))
        .limit(limit),
  };
}

/** Every account, as staff search and read them (issue 15). */
export function createAdminUserRepository(db: Db) {
  return { ...adminUserReads(db), ...adminUserRecords(db) };
}

export type AdminUserRepository = ReturnType<typeof createAdminUserRepository>;
