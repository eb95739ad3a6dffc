import {
  type Db,
  isUniqueViolation,
  newHash,
  orders,
  type PhotographerWindow,
  photographers,
  products,
  type Tx,
  users,
  userVendorKinds,
  type WorkOrder,
  workOrderEvents,
  workOrders,
} from '@lantern/db';
import type { TWorkOrderState } from '@lantern/domain';
import { and, desc, eq, gt, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { lockOrderWithProduct } from '../orders/order-lock.repository.ts';

/** The photography product's slug (products-catalogue.ts). */
export const PHOTOGRAPHY_SLUG = 'photography';

/** States in which a work order holds its photographer's slot (the unique index's too). */
const HOLDING: TWorkOrderState[] = ['scheduled', 'en_route'];
const OPEN: TWorkOrderState[] = ['requested', 'scheduled', 'en_route', 'failed'];

const assignee = alias(users, 'assignee');

const isField = sql`exists (select 1 from ${userVendorKinds} where ${userVendorKinds.userId} = ${users.id} and ${userVendorKinds.kind} = 'field')`;

const photographerColumns = {
  id: users.id,
  hash: users.hash,
  name: users.name,
  email: users.email,
  states: photographers.states,
  weeklyHours: photographers.weeklyHours,
  daysOff: photographers.daysOff,
};
export interface PhotographerRow {
  id: number;
  hash: string;
  name: string | null;
  email: string;
  states: string[];
  weeklyHours: PhotographerWindow[];
  daysOff: string[];
}

export type Refusal = {
  ok: false;
  status: 403 | 404 | 409 | 422;
  message: string;
  errors?: Record<string, string[]>;
};

/** What a booking or a move asks for: the photographer's slot and the day it is on. */
export interface Reservation {
  photographerId: number;
  startsAt: Date;
  endsAt: Date;
  /** The slot's calendar day in the property's zone. */
  day: string;
  actorId: number;
  note: string;
}

async function event(
  tx: Tx,
  e: {
    workOrderId: number;
    fromState: TWorkOrderState | null;
    toState: TWorkOrderState;
    scheduledDay: string | null;
    assigneeId: number | null;
    note: string;
    actorId: number;
  },
) {
  await tx.insert(workOrderEvents).values(e);
}

/** Does another visit of the photographer's overlap this span? Read under the photographer's lock. */
async function clashes(tx: Tx, r: Reservation, exceptId: number | null) {
  const [row] = await tx
    .select({ id: workOrders.id })
    .from(workOrders)
    .where(
      and(
        eq(workOrders.assigneeId, r.photographerId),
        inArray(workOrders.state, HOLDING),
        lt(workOrders.appointmentStartsAt, r.endsAt),
        gt(workOrders.appointmentEndsAt, r.startsAt),
        exceptId === null ? undefined : ne(workOrders.id, exceptId),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * The photographer's row locked (bookings of one photographer take turns), then the order's
 * open photography visit, locked, if any.
 */
async function lockVisit(tx: Tx, orderId: number, photographerId: number) {
  await tx
    .select({ id: photographers.userId })
    .from(photographers)
    .where(eq(photographers.userId, photographerId))
    .for('update');
  const [wo] = await tx
    .select()
    .from(workOrders)
    .where(
      and(
        eq(workOrders.orderId, orderId),
        eq(workOrders.kind, 'photography'),
        inArray(workOrders.state, OPEN),
      ),
    )
    .orderBy(desc(workOrders.id))
    .limit(1)
    .for('update');
  return wo;
}

/** A new photography visit for the order, asked for by the booking, with its first event. */
async function createVisit(
  tx: Tx,
  order: { id: number; propertyId: number },
  actorId: number,
): Promise<WorkOrder> {
  const [wo] = await tx
    .insert(workOrders)
    .values({
      hash: newHash(),
      orderId: order.id,
      propertyId: order.propertyId,
      kind: 'photography',
      notes: '',
      createdBy: actorId,
    })
    .returning();
  if (!wo) throw new Error('work order insert returned nothing');
  await event(tx, {
    workOrderId: wo.id,
    fromState: null,
    toState: 'requested',
    scheduledDay: null,
    assigneeId: null,
    note: 'Asked for by the customer’s booking.',
    actorId,
  });
  return wo;
}

/** Field vendors as photographers, and their weekly hours. */
function photographerHours(db: Db) {
  return {
    /** A field vendor who is not locked, by hash, with their hours if they keep any. */
    async fieldVendor(hash: string) {
      const [row] = await db
        .select({ id: users.id, hash: users.hash, name: users.name, email: users.email })
        .from(users)
        .where(and(eq(users.hash, hash), isNull(users.lockedAt), isField));
      return row;
    },

    /** A person's photography hours; empty when they keep none yet. */
    async hoursOf(userId: number) {
      const [row] = await db
        .select({
          hash: users.hash,
          name: users.name,
          email: users.email,
          states: photographers.states,
          weeklyHours: photographers.weeklyHours,
          daysOff: photographers.daysOff,
        })
        .from(users)
        .leftJoin(photographers, eq(photographers.userId, users.id))
        .where(eq(users.id, userId));
      if (!row) return undefined;
      return {
        ...row,
        states: row.states ?? [],
        weeklyHours: row.weeklyHours ?? [],
        daysOff: row.daysOff ?? [],
      };
    },

    async saveHours(
      userId: number,
      h: { states: string[]; weeklyHours: PhotographerWindow[]; daysOff: string[] },
    ) {
      await db
        .insert(photographers)
        .values({ userId, ...h, updatedAt: new Date() })
        .onConflictDoUpdate({
          target: photographers.userId,
          set: { ...h, updatedAt: new Date() },
        });
    },

    /** Field vendors, not locked, who keep hours and go to `state`. */
    photographersIn(state: string): Promise<PhotographerRow[]> {
      return db
        .select(photographerColumns)
        .from(photographers)
        .innerJoin(users, eq(users.id, photographers.userId))
        .where(
          and(
            isNull(users.lockedAt),
            isField,
            sql`${state.toUpperCase()} = any(${photographers.states})`,
          ),
        )
        .orderBy(users.id);
    },

    /** One photographer by id, when they are still a field vendor who keeps hours. */
    async photographer(userId: number): Promise<PhotographerRow | undefined> {
      const [row] = await db
        .select(photographerColumns)
        .from(photographers)
        .innerJoin(users, eq(users.id, photographers.userId))
        .where(and(eq(users.id, userId), isNull(users.lockedAt), isField));
      return row;
    },
  };
}

/** Photographers' booked slots, and a property's visit. */
function photoVisits(db: Db) {
  return {
    /** The visits these photographers have between two instants (scheduled or under way). */
    async busy(userIds: number[], from: Date, until: Date) {
      if (!userIds.length) return [];
      const rows = await db
        .select({
          assigneeId: workOrders.assigneeId,
          startsAt: workOrders.appointmentStartsAt,
          endsAt: workOrders.appointmentEndsAt,
        })
        .from(workOrders)
        .where(
          and(
            inArray(workOrders.assigneeId, userIds),
            inArray(workOrders.state, HOLDING),
            lt(workOrders.appointmentStartsAt, until),
            gt(workOrders.appointmentEndsAt, from),
          ),
        );
      return rows.flatMap((r) =>
        r.assigneeId && r.startsAt && r.endsAt
          ? [{ assigneeId: r.assigneeId, startsAt: r.startsAt, endsAt: r.endsAt }]
          : [],
      );
    },

    /**
     * The property's photography order (its newest that is not cancelled) and that order's
     * newest photography work order, with the customer who placed it and the assignee.
     */
    async visitOf(propertyId: number) {
      const [order] = await db
        .select({
          id: orders.id,
          hash: orders.hash,
          status: orders.status,
          customerEmail: users.email,
        })
        .from(orders)
        .innerJoin(products, eq(products.id, orders.productId))
        .innerJoin(users, eq(users.id, orders.userId))
        .where(
          and(
            eq(orders.propertyId, propertyId),
            eq(products.slug, PHOTOGRAPHY_SLUG),
            ne(orders.status, 'cancelled'),
          ),
        )
        .orderBy(desc(orders.id))
        .limit(1);
      if (!order) return undefined;
      const [wo] = await db
        .select({
          wo: workOrders,
          assigneeName: assignee.name,
          assigneeEmail: assignee.email,
        })
        .from(workOrders)
        .leftJoin(assignee, eq(assignee.id, workOrders.assigneeId))
        .where(and(eq(workOrders.orderId, order.id), eq(workOrders.kind, 'photography')))
        .orderBy(
          sql`case when ${workOrders.state} in ('requested', 'scheduled', 'en_route', 'failed') then 0 else 1 end`,
          desc(workOrders.id),
        )
        .limit(1);
      const assigned = wo?.assigneeEmail
        ? { name: wo.assigneeName, email: wo.assigneeEmail }
        : null;
      return { order, workOrder: wo ? { ...wo.wo, assignee: assigned } : null };
    },
  };
}

/** Booking a visit under the order's and the photographer's locks. */
function photoBookings(db: Db) {
  return {
    /**
     * Book a slot for an order: the order and the photographer are locked, `decide` sees the
     * order and its open photography work order, which is then scheduled with the slot (or made
     * and scheduled, when there is none). Requested and failed work orders move to scheduled, as
     * the transition table allows.
     */
    async book(
      orderHash: string,
      r: Reservation,
      decide: (o: { status: string; slug: string }, wo: WorkOrder | null) => Refusal | null,
    ): Promise<{ ok: true; workOrder: WorkOrder; created: boolean } | Refusal | 'taken'> {
      try {
        return await db.transaction(async (tx) => {
          const order = await lockOrderWithProduct(tx, orderHash);
          if (!order) throw new Error('order vanished');
          let wo = await lockVisit(tx, order.id, r.photographerId);
          const refused = decide(order, wo ?? null);
          if (refused) return refused;
          if (await clashes(tx, r, wo?.id ?? null)) return 'taken' as const;
          const created = !wo;
          if (!wo) wo = await createVisit(tx, order, r.actorId);
          const [after] = await tx
            .update(workOrders)
            .set({
              state: 'scheduled',
              scheduledDay: r.day,
              assigneeId: r.photographerId,
              appointmentStartsAt: r.startsAt,
              appointmentEndsAt: r.endsAt,
              failureReason: null,
              updatedAt: new Date(),
            })
            .where(eq(workOrders.id, wo.id))
            .returning();
          if (!after) throw new Error('work order update returned nothing');
          await event(tx, {
            workOrderId: after.id,
            fromState: wo.state,
            toState: 'scheduled',
            scheduledDay: r.day,
            assigneeId: r.photographerId,
            note: r.note,
            actorId: r.actorId,
          });
          return { ok: true as const, workOrder: after, created };
        });
      } catch (err) {
        if (isUniqueViolation(err, 'work_orders_photographer_slot_idx')) return 'taken';
        throw err;
      }
    },
  };
}

/** Moving or cancelling a booked visit. */
function photoBookingChanges(db: Db) {
  return {
    /**
     * Move a booked visit to another slot of its photographer, or cancel it (`to` null), under
     * the work order's lock and, for a move, the photographer's; `decide` sees it as it is now.
     */
    async change(
      workOrderId: number,
      to: Reservation | null,
      actorId: number,
      note: string,
      decide: (wo: WorkOrder) => Refusal | null,
    ): Promise<{ ok: true; before: WorkOrder; after: WorkOrder } | Refusal | 'taken'> {
      try {
        return await db.transaction(async (tx) => {
          const [before] = await tx
            .select()
            .from(workOrders)
            .where(eq(workOrders.id, workOrderId))
            .for('update');
          if (!before) throw new Error('work order vanished');
          const refused = decide(before);
          if (refused) return refused;
          if (to) {
            await tx
              .select({ id: photographers.userId })
              .from(photographers)
              .where(eq(photographers.userId, to.photographerId))
              .for('update');
            if (await clashes(tx, to, before.id)) return 'taken' as const;
          }
          const [after] = await tx
            .update(workOrders)
            .set(
              to
                ? {
                    scheduledDay: to.day,
                    appointmentStartsAt: to.startsAt,
                    appointmentEndsAt: to.endsAt,
                    updatedAt: new Date(),
                  }
                : { state: 'cancelled', updatedAt: new Date() },
            )
            .where(eq(workOrders.id, before.id))
            .returning();
          if (!after) throw new Error('work order update returned nothing');
          await event(tx, {
            workOrderId: after.id,
            fromState: before.state,
            toState: after.state,
            scheduledDay: after.scheduledDay,
            assigneeId: after.assigneeId,
            note,
            actorId,
          });
          return { ok: true as const, before, after };
        });
      } catch (err) {
        if (isUniqueViolation(err, 'work_orders_photographer_slot_idx')) return 'taken';
        throw err;
      }
    },
  };
}

/**
 * Photographers' hours and the appointments customers book (decision 046). A booking or a move
 * locks the order or the work order, then the photographer's row, and checks for an overlapping
 * visit under those locks; the partial unique index on (assignee, start) is the last line, so two
 * customers taking the same slot at once get one booking and one refusal.
 */
export function createPhotoAppointmentRepository(db: Db) {
  return {
    ...photographerHours(db),
    ...photoVisits(db),
    ...photoBookings(db),
    ...photoBookingChanges(db),
  };
}

export type PhotoAppointmentRepository = ReturnType<typeof createPhotoAppointmentRepository>;
