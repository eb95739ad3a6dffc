import { type Db, type StaffRole, staffRoles, users } from '@lantern/db';
import { and, asc, count, eq, isNotNull, sql } from 'drizzle-orm';

export interface RoleWithMembers extends StaffRole {
  members: number;
}

/** Roles, their members, and whether a key or name is taken. */
function staffRoleReads(db: Db) {
  return {
    async list(): Promise<RoleWithMembers[]> {
      const rows = await db
        .select({ role: staffRoles, members: count(users.id) })
        .from(staffRoles)
        .leftJoin(users, eq(users.staffRoleId, staffRoles.id))
        .groupBy(staffRoles.id)
        .orderBy(sql`${staffRoles.isOwner} desc`, asc(staffRoles.name));
      return rows.map((r) => ({ ...r.role, members: Number(r.members) }));
    },

    async byId(id: number): Promise<StaffRole | undefined> {
      const [row] = await db.select().from(staffRoles).where(eq(staffRoles.id, id));
      return row;
    },

    async byKey(key: string): Promise<StaffRole | undefined> {
      const [row] = await db.select().from(staffRoles).where(eq(staffRoles.key, key));
      return row;
    },

    async keyTaken(key: string): Promise<boolean> {
      const [row] = await db
        .select({ id: staffRoles.id })
        .from(staffRoles)
        .where(eq(staffRoles.key, key));
      return !!row;
    },

    /** Another role (not `exceptId`) with this name, in any case. */
    async nameTaken(name: string, exceptId?: number): Promise<boolean> {
      const [row] = await db
        .select({ id: staffRoles.id })
        .from(staffRoles)
        .where(
          and(
            sql`lower(${staffRoles.name}) = lower(${name})`,
            exceptId === undefined ? undefined : sql`${staffRoles.id} <> ${exceptId}`,
          ),
        );
      return !!row;
    },

    async memberCount(id: number): Promise<number> {
      const [row] = await db.select({ n: count() }).from(users).where(eq(users.staffRoleId, id));
      return Number(row?.n ?? 0);
    },

    async staffCount(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(users).where(isNotNull(users.staffRoleId));
      return Number(row?.n ?? 0);
    },
  };
}

/** Creating, changing and deleting roles, and giving them to users. */
function staffRoleWrites(db: Db) {
  return {
    async create(input: {
      key: string;
      name: string;
      description: string;
      permissions: string[];
    }): Promise<StaffRole> {
      // A savepoint: a name already taken leaves the caller's unit of work usable.
      const [row] = await db.transaction((tx) => tx.insert(staffRoles).values(input).returning());
      if (!row) throw new Error('insert returned nothing');
      return row;
    },

    async update(
      id: number,
      input: { name: string; description: string; permissions: string[] },
    ): Promise<StaffRole | undefined> {
      const [row] = await db.transaction((tx) =>
        tx
          .update(staffRoles)
          .set({ ...input, updatedAt: new Date() })
          .where(and(eq(staffRoles.id, id), eq(staffRoles.isOwner, false)))
          .returning(),
      );
      return row;
    },

    /** Removes a role nobody holds; false when someone does (or it is the owner role). */
    async deleteUnused(id: number): Promise<boolean> {
      const rows = await db
        .delete(staffRoles)
        .where(
          and(
            eq(staffRoles.id, id),
            eq(staffRoles.isOwner, false),
            sql`not exists (select 1 from ${users} u where u.staff_role_id = ${staffRoles}.id)`,
          ),
        )
        .returning({ id: staffRoles.id });
      return rows.length > 0;
    },

    /**
     * Give a person a role (or none). Owner changes take a lock on the owner role first, so two
     * owners demoting each other at once cannot leave the product without one.
     */
    async setUserRole(userId: number, roleId: number | null): Promise<'ok' | 'last-owner'> {
      return db.transaction(async (tx) => {
        const [owner] = await tx
          .select({ id: staffRoles.id })
          .from(staffRoles)
          .where(eq(staffRoles.isOwner, true))
          .for('update');
        const [current] = await tx
          .select({ roleId: users.staffRoleId })
          .from(users)
          .where(eq(users.id, userId));
        if (owner && current?.roleId === owner.id && roleId !== owner.id) {
          const [left] = await tx
            .select({ n: count() })
            .from(users)
            .where(eq(users.staffRoleId, owner.id));
          if (Number(left?.n ?? 0) <= 1) return 'last-owner';
        }
        await tx
          .update(users)
          .set({ staffRoleId: roleId, updatedAt: new Date() })
          .where(eq(users.id, userId));
        return 'ok';
      });
    },
  };
}

/** Staff roles and who holds them (issue 15). Rules (owner, last owner) live in services/staff. */
export function createStaffRoleRepository(db: Db) {
  return { ...staffRoleReads(db), ...staffRoleWrites(db) };
}
export type StaffRoleRepository = ReturnType<typeof createStaffRoleRepository>;
