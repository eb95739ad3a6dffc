import {
  type Db,
  newHash,
  orders,
  products,
  properties,
  userVendorKinds,
  vendorAssignments,
} from '@lantern/db';
import type { TVendorKind } from '@lantern/domain';
import { and, eq, inArray, notInArray, type SQL, sql } from 'drizzle-orm';
import { afterCursor, type KeysetSort, keysetOrder, sortText, toPage } from '../../lib/keyset.ts';

export interface AssignmentRow {
  id: number;
  hash: string;
  kind: TVendorKind;
  propertyHash: string;
  street: string;
  unit: string | null;
  city: string;
  state: string;
  zip: string;
  orderHash: string | null;
  product: string | null;
  createdAt: Date;
}

const assignmentColumns = {
  id: vendorAssignments.id,
  hash: vendorAssignments.hash,
  kind: vendorAssignments.kind,
  propertyHash: properties.hash,
  street: properties.street,
  unit: properties.unit,
  city: properties.city,
  state: properties.state,
  zip: properties.zip,
  orderHash: orders.hash,
  product: products.name,
  createdAt: vendorAssignments.createdAt,
};

/** Assignments with what they are for. */
function vendorQueries(db: Db) {
  const assignments = () =>
    db
      .select(assignmentColumns)
      .from(vendorAssignments)
      .innerJoin(properties, eq(properties.id, vendorAssignments.propertyId))
      .leftJoin(orders, eq(orders.id, vendorAssignments.orderId))
      .leftJoin(products, eq(products.id, orders.productId));

  return { assignments };
}

/** A vendor's kinds and assignments. */
function vendorKinds(db: Db) {
  const { assignments } = vendorQueries(db);
  return {
    /**
     * Make the person's kinds exactly `kinds`; assignments of a kind taken away end with it, in
     * the same transaction. Returns the kinds before.
     */
    async setKinds(userId: number, kinds: readonly TVendorKind[]): Promise<TVendorKind[]> {
      return db.transaction(async (tx) => {
        const before = await tx
          .select({ kind: userVendorKinds.kind })
          .from(userVendorKinds)
          .where(eq(userVendorKinds.userId, userId))
          .for('update');
        const keep = [...kinds];
        await tx
          .delete(vendorAssignments)
          .where(
            and(
              eq(vendorAssignments.userId, userId),
              keep.length ? notInArray(vendorAssignments.kind, keep) : undefined,
            ),
          );
        await tx
          .delete(userVendorKinds)
          .where(
            and(
              eq(userVendorKinds.userId, userId),
              keep.length ? notInArray(userVendorKinds.kind, keep) : undefined,
            ),
          );
        if (keep.length)
          await tx
            .insert(userVendorKinds)
            .values(keep.map((kind) => ({ userId, kind })))
            .onConflictDoNothing();
        return before.map((r) => r.kind);
      });
    },

    async assignmentsForUser(userId: number): Promise<AssignmentRow[]> {
      return assignments()
        .where(eq(vendorAssignments.userId, userId))
        .orderBy(sql`${vendorAssignments.createdAt} desc`, sql`${vendorAssignments.id} desc`);
    },

    /** One assignment, only if it is this vendor's and they still hold its kind (per-record check). */
    async assignmentOf(userId: number, hash: string): Promise<AssignmentRow | undefined> {
      const [row] = await assignments().where(
        and(
          eq(vendorAssignments.hash, hash),
          eq(vendorAssignments.userId, userId),
          sql`exists (select 1 from ${userVendorKinds} vk where vk.user_id = ${vendorAssignments}.user_id and vk.kind = ${vendorAssignments}.kind)`,
        ),
      );
      return row;
    },

    async assignmentByHash(
      hash: string,
    ): Promise<(AssignmentRow & { userId: number }) | undefined> {
      const [row] = await db
        .select({ ...assignmentColumns, userId: vendorAssignments.userId })
        .from(vendorAssignments)
        .innerJoin(properties, eq(properties.id, vendorAssignments.propertyId))
        .leftJoin(orders, eq(orders.id, vendorAssignments.orderId))
        .leftJoin(products, eq(products.id, orders.productId))
        .where(eq(vendorAssignments.hash, hash));
      return row;
    },
  };
}

/** A vendor's page of work, assigning and unassigning, and an order of a property. */
function vendorWork(db: Db) {
  return {
    /** A page of the vendor's own assignments, of the kinds they hold. */
    async pageForVendor(
      userId: number,
      kinds: readonly TVendorKind[],
      q: {
        kind: 'all' | TVendorKind;
        dir: 'asc' | 'desc';
        limit: number;
        cursor?: string | undefined;
        search?: string | undefined;
      },
    ) {
      const sort: KeysetSort = {
        expr: vendorAssignments.createdAt,
        type: 'timestamptz',
        dir: q.dir,
      };
      const filters: Array<SQL | undefined> = [
        eq(vendorAssignments.userId, userId),
        inArray(vendorAssignments.kind, [...kinds]),
        q.kind === 'all' ? undefined : eq(vendorAssignments.kind, q.kind),
        q.search
          ? sql`(${properties.street} || ' ' || coalesce(${properties.unit}, '') || ' ' || ${properties.city} || ' ' || ${properties.state} || ' ' || ${properties.zip}) ilike ${`%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`
          : undefined,
        afterCursor(sort, vendorAssignments.id, q.cursor),
      ];
      const rows = await db
        .select({ ...assignmentColumns, sortKey: sortText(sort), keyId: vendorAssignments.id })
        .from(vendorAssignments)
        .innerJoin(properties, eq(properties.id, vendorAssignments.propertyId))
        .leftJoin(orders, eq(orders.id, vendorAssignments.orderId))
        .leftJoin(products, eq(products.id, orders.productId))
        .where(and(...filters))
        .orderBy(...keysetOrder(sort, vendorAssignments.id))
        .limit(q.limit + 1);
      return toPage(rows, q.limit);
    },

    /** Assign; null when the same assignment exists already. */
    async assign(input: {
      userId: number;
      kind: TVendorKind;
      propertyId: number;
      orderId: number | null;
      assignedBy: number;
    }): Promise<string | null> {
      const hash = newHash();
      const rows = await db
        .insert(vendorAssignments)
        .values({ ...input, hash })
        .onConflictDoNothing()
        .returning({ hash: vendorAssignments.hash });
      return rows[0]?.hash ?? null;
    },

    async unassign(hash: string): Promise<boolean> {
      const rows = await db
        .delete(vendorAssignments)
        .where(eq(vendorAssignments.hash, hash))
        .returning({ id: vendorAssignments.id });
      return rows.length > 0;
    },

    /** The order of that property with this hash, for an order assignment. */
    async orderOfProperty(propertyId: number, orderHash: string): Promise<number | undefined> {
      const [row] = await db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.propertyId, propertyId), eq(orders.hash, orderHash)));
      return row?.id;
    },
  };
}

/** Vendor kinds and per-record assignments (issue 15). */
export function createVendorRepository(db: Db) {
  return { ...vendorKinds(db), ...vendorWork(db) };
}
export type VendorRepository = ReturnType<typeof createVendorRepository>;
