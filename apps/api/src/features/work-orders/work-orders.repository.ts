import type { TVendorWorkOrdersQuery, TWorkOrdersQuery } from '@lantern/contracts';
import {
  type Db,
  type Invoice,
  invoices,
  listingPhotos,
  newHash,
  type Order,
  orders,
  photoShoots,
  products,
  properties,
  users,
  userVendorKinds,
  type WorkOrder,
  workOrderEvents,
  workOrders,
} from '@lantern/db';
import type { TPhotoShootStatus, TWorkOrderKind, TWorkOrderState } from '@lantern/domain';
import { and, asc, desc, eq, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  afterCursor,
  afterIdCursor,
  type KeysetSort,
  keysetOrder,
  type PageWindow,
  sortText,
  toPage,
} from '../../lib/keyset.ts';
import { escapeLike } from '../jobs/jobs.repository.ts';
import { lockOrderWithProduct } from '../orders/order-lock.repository.ts';
import { insertTripCharge } from '../orders/orders.repository.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const assignee = alias(users, 'assignee');
const removal = alias(workOrders, 'removal');
const tripCharge = alias(invoices, 'trip_charge');

/** Whether the work order has failed at least once (now or before being scheduled again). */
const everFailed = sql<boolean>`exists (select 1 from ${workOrderEvents} where ${workOrderEvents.workOrderId} = ${workOrders.id} and ${workOrderEvents.toState} = 'failed')`;

/** A work order with what staff read beside it. */
const columns = {
  wo: workOrders,
  property: {
    hash: properties.hash,
    street: properties.street,
    unit: properties.unit,
    city: properties.city,
    state: properties.state,
    zip: properties.zip,
  },
  orderHash: orders.hash,
  product: { slug: products.slug, name: products.name },
  customer: { hash: users.hash, name: users.name, email: users.email },
  assignee: { hash: assignee.hash, name: assignee.name, email: assignee.email },
  removalHash: removal.hash,
  orderStatus: orders.status,
  tripCharge: {
    hash: tripCharge.hash,
    number: tripCharge.number,
    status: tripCharge.status,
    totalCents: tripCharge.totalCents,
  },
  everFailed,
  photoCount: sql<number>`(select count(*)::int from ${listingPhotos} where ${listingPhotos.workOrderId} = ${workOrders.id} and ${listingPhotos.status} <> 'refused')`,
  /** A photography visit's delivered shoot, if any (issue 39). */
  shootStatus: sql<TPhotoShootStatus | null>`(select ${photoShoots.status} from ${photoShoots} where ${photoShoots.workOrderId} = ${workOrders.id})`,
};

/** A property's work orders with the product's name and any trip charge; `after` narrows. */
function workOrdersOfProperty(db: Db, propertyId: number, after?: SQL) {
  return db
    .select({ wo: workOrders, product: products.name, tripCharge: columns.tripCharge })
    .from(workOrders)
    .innerJoin(orders, eq(orders.id, workOrders.orderId))
    .innerJoin(products, eq(products.id, orders.productId))
    .leftJoin(tripCharge, eq(tripCharge.workOrderId, workOrders.id))
    .where(and(eq(workOrders.propertyId, propertyId), after));
}

/** A left-joined trip charge with no row is null, not an object of nulls. */
function withTripCharge<R extends { tripCharge: { hash: string | null } | null }>(rows: R[]) {
  return rows.map((r) => ({
    ...r,
    tripCharge: r.tripCharge?.hash ? (r.tripCharge as TripChargeRow) : null,
  }));
}

export interface WorkOrderRow {
  wo: WorkOrder;
  property: {
    hash: string;
    street: string;
    unit: string | null;
    city: string;
    state: string;
    zip: string;
  };
  orderHash: string;
  product: { slug: string; name: string };
  customer: { hash: string; name: string | null; email: string };
  assignee: { hash: string; name: string | null; email: string } | null;
  removalHash: string | null;
  orderStatus: Order['status'];
  tripCharge: TripChargeRow | null;
  everFailed: boolean;
  photoCount: number;
  shootStatus: TPhotoShootStatus | null;
}

export interface TripChargeRow {
  hash: string;
  number: number;
  status: Invoice['status'];
  totalCents: number;
}

/** What the service decides a change on, besides the work order, read under its lock. */
export interface ChangeFacts {
  photos: number;
  /** The trip charge's invoice number, when it has one. */
  tripCharge: number | null;
  everFailed: boolean;
  orderStatus: Order['status'];
}

/** What the service decides a change on, read under the work order's lock. */
export type WorkOrderChange =
  | {
      ok: true;
      set: Partial<
        Pick<
          WorkOrder,
          | 'state'
          | 'scheduledDay'
          | 'assigneeId'
          | 'failureReason'
          | 'proofReview'
          | 'appointmentStartsAt'
          | 'appointmentEndsAt'
        >
      >;
      note?: string;
      /** Create the removal of this install (a rented post, done). */
      createRemoval?: boolean;
      /** Bill the trip charge of this failed trip, with this line (decision 046). */
      tripCharge?: { line: string };
    }
  | { ok: false; status: 404 | 409 | 422; message: string; errors?: Record<string, string[]> };

export type CreateVerdict =
  | { ok: true }
  | { ok: false; status: 404 | 409 | 422; message: string; errors?: Record<string, string[]> };

type Selected = Omit<WorkOrderRow, 'assignee' | 'tripCharge'> & {
  assignee: { hash: string | null; name: string | null; email: string | null } | null;
  tripCharge: {
    hash: string | null;
    number: number | null;
    status: Invoice['status'] | null;
    totalCents: number | null;
  } | null;
};

const rowOf = <R extends Selected>(
  r: R,
): Omit<R, 'assignee' | 'tripCharge'> & Pick<WorkOrderRow, 'assignee' | 'tripCharge'> => ({
  ...r,
  assignee: r.assignee?.hash ? (r.assignee as WorkOrderRow['assignee']) : null,
  tripCharge: r.tripCharge?.hash ? (r.tripCharge as TripChargeRow) : null,
});

const keyedRow = <R extends Selected & { sortKey: string; keyId: number }>(r: R) => rowOf(r);

/** A work order's day for sorting: the same expression as work_orders_assignee_day_idx. */
const workOrderDay = sql`coalesce(${workOrders.scheduledDay}, '9999-12-31'::date)`;

function sortOf(q: { sort: 'created' | 'scheduled'; dir: 'asc' | 'desc' }): KeysetSort {
  // Unscheduled last; the day itself, not its text, so the assignee's index serves it (issue 46).
  return q.sort === 'scheduled'
    ? { expr: workOrderDay, type: 'date', dir: q.dir }
    : { expr: workOrders.createdAt, type: 'timestamptz', dir: q.dir };
}

const searchOf = (search: string | undefined): SQL | undefined => {
  if (!search) return undefined;
  const term = `%${escapeLike(search)}%`;
  return sql`(${properties.street} ilike ${term} or ${properties.city} ilike ${term} or ${users.email} ilike ${term} or ${users.name} ilike ${term} or ${workOrders.hash} = ${search})`;
};

async function insertEvent(
  tx: Tx,
  e: {
    workOrderId: number;
    fromState: TWorkOrderState | null;
    toState: TWorkOrderState;
    scheduledDay: string | null;
    assigneeId: number | null;
    note?: string;
    actorId: number | null;
  },
) {
  await tx.insert(workOrderEvents).values({ ...e, note: e.note ?? '' });
}

/** The work order joined with what staff read beside it, plain or keyed for a page. */
function workOrderQueries(db: Db) {
  function from(tx: Pick<Db, 'select'> = db) {
    return tx
      .select(columns)
      .from(workOrders)
      .innerJoin(properties, eq(properties.id, workOrders.propertyId))
      .innerJoin(orders, eq(orders.id, workOrders.orderId))
      .innerJoin(products, eq(products.id, orders.productId))
      .innerJoin(users, eq(users.id, orders.userId))
      .leftJoin(assignee, eq(assignee.id, workOrders.assigneeId))
      .leftJoin(removal, eq(removal.id, workOrders.removalId))
      .leftJoin(tripCharge, eq(tripCharge.workOrderId, workOrders.id));
  }

  /** The same rows with the sort value as text beside them, for the next cursor. */
  function keyed(sort: KeysetSort) {
    return db
      .select({ ...columns, sortKey: sortText(sort), keyId: workOrders.id })
      .from(workOrders)
      .innerJoin(properties, eq(properties.id, workOrders.propertyId))
      .innerJoin(orders, eq(orders.id, workOrders.orderId))
      .innerJoin(products, eq(products.id, orders.productId))
      .innerJoin(users, eq(users.id, orders.userId))
      .leftJoin(assignee, eq(assignee.id, workOrders.assigneeId))
      .leftJoin(removal, eq(removal.id, workOrders.removalId))
      .leftJoin(tripCharge, eq(tripCharge.workOrderId, workOrders.id));
  }

  return { from, keyed };
}

/** Work orders paged, found by hash, and by photo or id. */
function workOrderLookups(db: Db) {
  const { from, keyed } = workOrderQueries(db);
  return {
    newHash,

    async page(q: TWorkOrdersQuery) {
      const sort = sortOf(q);
      let assigneeFilter: SQL | undefined;
      if (q.assignee === 'none') assigneeFilter = isNull(workOrders.assigneeId);
      else if (q.assignee) assigneeFilter = eq(assignee.hash, q.assignee);
      const rows = await keyed(sort)
        .where(
          and(
            q.state ? eq(workOrders.state, q.state) : undefined,
            q.kind ? eq(workOrders.kind, q.kind) : undefined,
            assigneeFilter,
            searchOf(q.search),
            afterCursor(sort, workOrders.id, q.cursor),
          ),
        )
        .orderBy(...keysetOrder(sort, workOrders.id))
        .limit(q.limit + 1);
      return toPage(rows.map(keyedRow), q.limit);
    },

    async pageForAssignee(userId: number, q: TVendorWorkOrdersQuery) {
      const sort = sortOf(q);
      const rows = await keyed(sort)
        .where(
          and(
            eq(workOrders.assigneeId, userId),
            q.state ? eq(workOrders.state, q.state) : undefined,
            searchOf(q.search),
            afterCursor(sort, workOrders.id, q.cursor),
          ),
        )
        .orderBy(...keysetOrder(sort, workOrders.id))
        .limit(q.limit + 1);
      return toPage(rows.map(keyedRow), q.limit);
    },

    async find(hash: string): Promise<WorkOrderRow | undefined> {
      const [row] = await from().where(eq(workOrders.hash, hash));
      return row ? rowOf(row) : undefined;
    },

    /** The work order only when it is assigned to `userId`: another's is not found. */
    async findForAssignee(userId: number, hash: string): Promise<WorkOrderRow | undefined> {
      const [row] = await from().where(
        and(eq(workOrders.hash, hash), eq(workOrders.assigneeId, userId)),
      );
      return row ? rowOf(row) : undefined;
    },

    /** A proof photo's work order, for the file route's access check. */
    async photoOwner(photoHash: string) {
      const [row] = await db
        .select({ wo: workOrders, propertyHash: properties.hash })
        .from(listingPhotos)
        .innerJoin(workOrders, eq(workOrders.id, listingPhotos.workOrderId))
        .innerJoin(properties, eq(properties.id, workOrders.propertyId))
        .where(eq(listingPhotos.hash, photoHash));
      return row;
    },

    /** The hash of a work order by id (the removal an install created). */
    async hashOf(id: number) {
      const [row] = await db
        .select({ hash: workOrders.hash })
        .from(workOrders)
        .where(eq(workOrders.id, id));
      return row?.hash;
    },
  };
}

/** A work order's events, a property's work orders, and orders a trip may be for. */
function workOrderHistory(db: Db) {
  return {
    async events(workOrderId: number) {
      const actor = alias(users, 'actor');
      return db
        .select({
          e: workOrderEvents,
          assignee: assignee.hash,
          actor: sql<string | null>`coalesce(nullif(${actor.name}, ''), ${actor.email})`,
        })
        .from(workOrderEvents)
        .leftJoin(assignee, eq(assignee.id, workOrderEvents.assigneeId))
        .leftJoin(actor, eq(actor.id, workOrderEvents.actorId))
        .where(eq(workOrderEvents.workOrderId, workOrderId))
        .orderBy(asc(workOrderEvents.id));
    },

    /** The property's work orders, newest first, with the product's name and any trip charge. */
    forProperty: async (propertyId: number) =>
      withTripCharge(await workOrdersOfProperty(db, propertyId).orderBy(desc(workOrders.id))),

    /** One page of them under /api/v1 (decision 086), walking work_orders_property_idx backwards. */
    async pageForProperty(propertyId: number, window: PageWindow) {
      const after = afterIdCursor(workOrders.id, 'desc', window.cursor);
      const rows = await workOrdersOfProperty(db, propertyId, after)
        .orderBy(desc(workOrders.id))
        .limit(window.limit + 1);
      const keyed = withTripCharge(rows).map((r) => ({ ...r, sortKey: '', keyId: r.wo.id }));
      return toPage(keyed, window.limit);
    },

    /** Orders of products that may need a trip, searched by address, customer or order hash. */
    async tripOrders(slugs: string[], search: string) {
      const term = `%${escapeLike(search)}%`;
      return db
        .select({
          hash: orders.hash,
          status: orders.status,
          createdAt: orders.createdAt,
          product: { slug: products.slug, name: products.name },
          property: {
            hash: properties.hash,
            street: properties.street,
            unit: properties.unit,
            city: properties.city,
            state: properties.state,
            zip: properties.zip,
          },
          customer: { name: users.name, email: users.email },
        })
        .from(orders)
        .innerJoin(products, eq(products.id, orders.productId))
        .innerJoin(properties, eq(properties.id, orders.propertyId))
        .innerJoin(users, eq(users.id, orders.userId))
        .where(
          and(
            inArray(products.slug, slugs),
            sql`${orders.status} <> 'cancelled'`,
            search
              ? sql`(${properties.street} ilike ${term} or ${properties.city} ilike ${term} or ${users.email} ilike ${term} or ${users.name} ilike ${term} or ${orders.hash} = ${search})`
              : undefined,
          ),
        )
        .orderBy(desc(orders.id))
        .limit(20);
    },
  };
}

/** Who may be given work orders. */
function workOrderAssignees(db: Db) {
  return {
    /** Staff (anyone with a role) and field vendors, by name. */
    async assignees() {
      return db
        .select({
          id: users.id,
          hash: users.hash,
          name: users.name,
          email: users.email,
          staff: sql<boolean>`${users.staffRoleId} is not null`,
        })
        .from(users)
        .where(
          and(
            isNull(users.lockedAt),
            or(
              isNotNull(users.staffRoleId),
              sql`exists (select 1 from ${userVendorKinds} where ${userVendorKinds.userId} = ${users.id} and ${userVendorKinds.kind} = 'field')`,
            ),
          ),
        )
        .orderBy(sql`lower(coalesce(nullif(${users.name}, ''), ${users.email}))`);
    },

    /** A person who may be given work orders, by hash: staff or a field vendor, not locked. */
    async assignee(hash: string) {
      const [row] = await db
        .select({ id: users.id, hash: users.hash })
        .from(users)
        .where(
          and(
            eq(users.hash, hash),
            isNull(users.lockedAt),
            or(
              isNotNull(users.staffRoleId),
              sql`exists (select 1 from ${userVendorKinds} where ${userVendorKinds.userId} = ${users.id} and ${userVendorKinds.kind} = 'field')`,
            ),
          ),
        );
      return row;
    },
  };
}

/** Creating a work order under its order's lock. */
function workOrderCreation(db: Db) {
  return {
    /**
     * Create a work order for an order, after `decide` saw the order (locked) and the kinds of
     * its open work orders: two staff creating the same trip at once get one work order.
     */
    async create(
      input: {
        orderHash: string;
        kind: TWorkOrderKind;
        notes: string;
        createdBy: number;
        requestedAt?: Date;
      },
      decide: (o: {
        status: string;
        slug: string;
        productName: string;
        openKinds: TWorkOrderKind[];
      }) =>
        | { ok: true }
        | {
            ok: false;
            status: 404 | 409 | 422;
            message: string;
            errors?: Record<string, string[]>;
          },
    ) {
      return db.transaction(async (tx) => {
        const order = await lockOrderWithProduct(tx, input.orderHash);
        if (!order) return undefined;
        const open = await tx
          .select({ kind: workOrders.kind })
          .from(workOrders)
          .where(
            and(
              eq(workOrders.orderId, order.id),
              inArray(workOrders.state, ['requested', 'scheduled', 'en_route', 'failed']),
            ),
          );
        const verdict = decide({ ...order, openKinds: open.map((o) => o.kind) });
        if (!verdict.ok) return verdict;
        const [made] = await tx
          .insert(workOrders)
          .values({
            hash: newHash(),
            orderId: order.id,
            propertyId: order.propertyId,
            kind: input.kind,
            notes: input.notes,
            createdBy: input.createdBy,
            ...(input.requestedAt ? { requestedAt: input.requestedAt } : {}),
          })
          .returning();
        if (!made) throw new Error('work order insert returned nothing');
        await insertEvent(tx, {
          workOrderId: made.id,
          fromState: null,
          toState: 'requested',
          scheduledDay: null,
          assigneeId: null,
          actorId: input.createdBy,
        });
        return { ok: true as const, workOrder: made };
      });
    },
  };
}

/** What a change is decided on besides the work order, read under its lock. */
async function changeFacts(tx: Tx, before: WorkOrder): Promise<ChangeFacts> {
  const [photos] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(listingPhotos)
    .where(
      and(eq(listingPhotos.workOrderId, before.id), sql`${listingPhotos.status} <> 'refused'`),
    );
  const [facts] = await tx
    .select({
      orderStatus: orders.status,
      tripCharge: sql<
        number | null
      >`(select ${invoices.number} from ${invoices} where ${invoices.workOrderId} = ${before.id})`,
      everFailed: sql<boolean>`exists (select 1 from ${workOrderEvents} where ${workOrderEvents.workOrderId} = ${before.id} and ${workOrderEvents.toState} = 'failed')`,
    })
    .from(orders)
    .where(eq(orders.id, before.orderId));
  return {
    photos: photos?.n ?? 0,
    tripCharge: facts?.tripCharge ?? null,
    everFailed: facts?.everFailed ?? false,
    orderStatus: facts?.orderStatus ?? 'cancelled',
  };
}

/** Bill a failed trip's charge on the work order's order (decision 046). */
async function chargeTrip(
  tx: Tx,
  before: WorkOrder,
  line: string,
): Promise<{ hash: string; number: number; totalCents: number }> {
  const [order] = await tx
    .select({
      id: orders.id,
      propertyId: orders.propertyId,
      userId: orders.userId,
      state: properties.state,
    })
    .from(orders)
    .innerJoin(properties, eq(properties.id, orders.propertyId))
    .where(eq(orders.id, before.orderId));
  if (!order) throw new Error('work order without its order');
  return insertTripCharge(tx, {
    order,
    workOrderId: before.id,
    state: order.state,
    line,
    now: new Date(),
  });
}

/** The removal of a done install, with its first event; its id. */
async function createRemoval(tx: Tx, before: WorkOrder, actorId: number) {
  const [made] = await tx
    .insert(workOrders)
    .values({
      hash: newHash(),
      orderId: before.orderId,
      propertyId: before.propertyId,
      kind: 'sign_post_removal',
      notes: '',
      createdBy: actorId,
    })
    .returning();
  if (!made) throw new Error('removal insert returned nothing');
  await insertEvent(tx, {
    workOrderId: made.id,
    fromState: null,
    toState: 'requested',
    scheduledDay: null,
    assigneeId: null,
    note: 'Created when the install was done.',
    actorId,
  });
  return made.id;
}

/** Changing a work order under its row lock. */
function workOrderChanges(db: Db) {
  return {
    /**
     * Change a work order under its row lock: `decide` sees it as it is now and answers the
     * change or a refusal. `only` narrows it to one assignee (a vendor's own work). When the
     * change asks for it, the install's removal is created in the same transaction.
     */
    async change(
      hash: string,
      actorId: number,
      decide: (wo: WorkOrder, facts: ChangeFacts) => WorkOrderChange,
      only?: { assigneeId: number },
    ) {
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(workOrders)
          .where(
            and(
              eq(workOrders.hash, hash),
              only ? eq(workOrders.assigneeId, only.assigneeId) : undefined,
            ),
          )
          .for('update');
        if (!before) return undefined;
        const verdict = decide(before, await changeFacts(tx, before));
        if (!verdict.ok) return verdict;
        const charged = verdict.tripCharge
          ? await chargeTrip(tx, before, verdict.tripCharge.line)
          : undefined;
        const removalId =
          verdict.createRemoval && !before.removalId
            ? await createRemoval(tx, before, actorId)
            : undefined;
        const [after] = await tx
          .update(workOrders)
          .set({ ...verdict.set, ...(removalId ? { removalId } : {}), updatedAt: new Date() })
          .where(eq(workOrders.id, before.id))
          .returning();
        if (!after) throw new Error('work order update returned nothing');
        await insertEvent(tx, {
          workOrderId: after.id,
          fromState: before.state,
          toState: after.state,
          scheduledDay: after.scheduledDay,
          assigneeId: after.assigneeId,
          note: verdict.note ?? '',
          actorId,
        });
        return { ok: true as const, before, after, removalId, tripCharge: charged };
      });
    },
  };
}

/**
 * Work orders and their history (issue 21). Every change locks the work order's row first
 * (`FOR UPDATE`) and the service decides from what was read under it, so two people moving the
 * same work order take turns and the second sees the first's result.
 */
export function createWorkOrderRepository(db: Db) {
  return {
    ...workOrderLookups(db),
    ...workOrderHistory(db),
    ...workOrderAssignees(db),
    ...workOrderCreation(db),
    ...workOrderChanges(db),
  };
}

export type WorkOrderRepository = ReturnType<typeof createWorkOrderRepository>;
