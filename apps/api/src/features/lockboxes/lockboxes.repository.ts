import type { TLockboxesQuery, TLockboxRentalsQuery } from '@lantern/contracts';
import {
  type Db,
  invoiceLines,
  invoices,
  type Lockbox,
  type LockboxRental,
  lockboxes,
  lockboxRentals,
  newHash,
  orders,
  products,
  properties,
  users,
} from '@lantern/db';
import {
  LOCKBOX_FORFEIT_DAYS,
  LOCKBOX_PRODUCT_SLUG,
  LOCKBOX_REMINDER_OFFSETS,
  type TLockboxState,
  type TLockboxType,
} from '@lantern/domain';
import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import {
  afterCursor,
  type KeysetSort,
  keysetOrder,
  type PageWindow,
  sortText,
  toPage,
} from '../../lib/keyset.ts';
import { escapeLike } from '../jobs/jobs.repository.ts';
import { lockOrderWithProduct } from '../orders/order-lock.repository.ts';
import { invoiceOfOrder, ownInvoiceOf } from '../payments/invoice-join.repository.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A rental as staff read it: the lockbox, property, customer, order and invoice beside it. */
const rentalColumns = {
  rental: lockboxRentals,
  lockbox: { hash: lockboxes.hash, serial: lockboxes.serial, type: lockboxes.type },
  property: {
    hash: properties.hash,
    street: properties.street,
    unit: properties.unit,
    city: properties.city,
    state: properties.state,
    zip: properties.zip,
  },
  customer: { hash: users.hash, name: users.name, email: users.email },
  orderHash: orders.hash,
  invoiceId: invoices.id,
  invoiceHash: invoices.hash,
  invoiceNumber: invoices.number,
};

const active = sql`${lockboxRentals.returnedOn} is null and ${lockboxRentals.forfeitedAt} is null`;
/**
 * The deposit billed on the invoice of the row: its untaxed lines (decision 020). The invoice's
 * id is written out qualified: drizzle leaves columns bare in a one-table select, where a bare
 * "id" inside the subquery would be the line's.
 */
const deposit = sql<number>`(select coalesce(sum(${invoiceLines.amountCents}), 0)::int from ${invoiceLines}
    where ${invoiceLines.invoiceId} = ${sql.identifier('invoices')}.${sql.identifier('id')} and not ${invoiceLines.taxable})`;

/** What the service decides a rental out on, read under the order's and the lockbox's locks. */
export interface RentSnapshot {
  order: { id: number; propertyId: number; status: string; slug: string };
  invoice: { status: string; depositCents: number } | null;
  lockbox: Lockbox;
  orderHasRental: boolean;
}

/** A rental under its lock, with its lockbox. */
export interface LockedRental {
  rental: LockboxRental;
  lockbox: Lockbox;
}

async function lockRental(tx: Tx, hash: string): Promise<LockedRental | undefined> {
  const [rental] = await tx
    .select()
    .from(lockboxRentals)
    .where(eq(lockboxRentals.hash, hash))
    .for('update');
  if (!rental) return undefined;
  const [lockbox] = await tx
    .select()
    .from(lockboxes)
    .where(eq(lockboxes.id, rental.lockboxId))
    .for('update');
  if (!lockbox) return undefined;
  return { rental, lockbox };
}

const setLockboxState = (tx: Tx, id: number, state: TLockboxState) =>
  tx.update(lockboxes).set({ state, updatedAt: new Date() }).where(eq(lockboxes.id, id));

/** The order leaves `confirmed` once its lockbox is back or its deposit kept, so another may be ordered. */
const completeOrder = (tx: Tx, orderId: number) =>
  tx
    .update(orders)
    .set({ status: 'completed', updatedAt: new Date() })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'confirmed')));

/** Rentals joined with what staff read beside them. */
function lockboxQueries(db: Db) {
  function rentalsFrom(tx: Pick<Db, 'select'> = db) {
    return tx
      .select(rentalColumns)
      .from(lockboxRentals)
      .innerJoin(lockboxes, eq(lockboxes.id, lockboxRentals.lockboxId))
      .innerJoin(properties, eq(properties.id, lockboxRentals.propertyId))
      .innerJoin(orders, eq(orders.id, lockboxRentals.orderId))
      .innerJoin(users, eq(users.id, orders.userId))
      .leftJoin(invoices, invoiceOfOrder);
  }

  return { rentalsFrom };
}

/** The lockboxes staff page through and add. */
function lockboxInventory(db: Db) {
  return {
    async page(q: TLockboxesQuery) {
      const sort: KeysetSort =
        q.sort === 'created'
          ? { expr: lockboxes.createdAt, type: 'timestamptz', dir: q.dir }
          : { expr: lockboxes.serial, type: 'text', dir: q.dir };
      const term = q.search ? `%${escapeLike(q.search)}%` : undefined;
      const rows = await db
        .select({
          lockbox: lockboxes,
          rental: sql<
            string | null
          >`(select ${lockboxRentals.hash} from ${lockboxRentals} where ${lockboxRentals.lockboxId} = ${lockboxes.id} and ${active} limit 1)`,
          sortKey: sortText(sort),
          keyId: lockboxes.id,
        })
        .from(lockboxes)
        .where(
          and(
            q.state ? eq(lockboxes.state, q.state) : undefined,
            q.type ? eq(lockboxes.type, q.type) : undefined,
            term ? sql`${lockboxes.serial} ilike ${term}` : undefined,
            afterCursor(sort, lockboxes.id, q.cursor),
          ),
        )
        .orderBy(...keysetOrder(sort, lockboxes.id))
        .limit(q.limit + 1);
      return toPage(rows, q.limit);
    },

    /** New lockboxes in stock; the serials already taken (and nothing added) when any is. */
    async add(
      serials: readonly string[],
      type: TLockboxType,
      notes: string,
    ): Promise<{ ok: true; added: Lockbox[] } | { ok: false; taken: string[] }> {
      return db
        .transaction(async (tx) => {
          const taken = await tx
            .select({ serial: lockboxes.serial })
            .from(lockboxes)
            .where(inArray(lockboxes.serial, [...serials]));
          if (taken.length) return { ok: false as const, taken: taken.map((t) => t.serial).sort() };
          const added = await tx
            .insert(lockboxes)
            .values(serials.map((serial) => ({ hash: newHash(), serial, type, notes })))
            .onConflictDoNothing({ target: lockboxes.serial })
            .returning();
          // A serial added by someone else between the check and the insert: take it all back.
          if (added.length !== serials.length) {
            const got = new Set(added.map((a) => a.serial));
            throw new SerialsTaken(serials.filter((s) => !got.has(s)));
          }
          return { ok: true as const, added };
        })
        .catch((err: unknown) => {
          if (err instanceof SerialsTaken) return { ok: false as const, taken: err.serials };
          throw err;
        });
    },
  };
}

/** One lockbox or rental, a state change, and the menu's counts. */
function lockboxLookups(db: Db) {
  const { rentalsFrom } = lockboxQueries(db);
  return {
    async byHash(hash: string) {
      const [row] = await db.select().from(lockboxes).where(eq(lockboxes.hash, hash));
      return row;
    },

    /** Change a lockbox's state under its lock, if `decide` allows it; before and after. */
    async changeState<R extends { ok: false }>(
      hash: string,
      decide: (lockbox: Lockbox) => { ok: true; to: TLockboxState } | R,
      notes: string | undefined,
    ): Promise<{ ok: true; before: Lockbox; after: Lockbox } | R | undefined> {
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(lockboxes)
          .where(eq(lockboxes.hash, hash))
          .for('update');
        if (!before) return undefined;
        const decision = decide(before);
        if (!decision.ok) return decision;
        const [after] = await tx
          .update(lockboxes)
          .set({
            state: decision.to,
            ...(notes !== undefined ? { notes } : {}),
            updatedAt: new Date(),
          })
          .where(eq(lockboxes.id, before.id))
          .returning();
        if (!after) throw new Error('lockbox update returned nothing');
        return { ok: true as const, before, after };
      });
    },

    async rental(hash: string) {
      const [row] = await rentalsFrom().where(eq(lockboxRentals.hash, hash));
      return row;
    },

    /** The property's newest rental, for its customers' page. */
    async latestForProperty(propertyId: number) {
      const [row] = await db
        .select()
        .from(lockboxRentals)
        .where(eq(lockboxRentals.propertyId, propertyId))
        .orderBy(sql`${lockboxRentals.id} desc`)
        .limit(1);
      return row;
    },

    /** The lockbox menu's counts. */
    async menu(today: string) {
      const [row] = await db
        .select({
          inStock: sql<number>`(select count(*)::int from ${lockboxes} where ${lockboxes.state} = 'in_stock')`,
          out: sql<number>`(select count(*)::int from ${lockboxes} where ${lockboxes.state} = 'out')`,
          lost: sql<number>`(select count(*)::int from ${lockboxes} where ${lockboxes.state} = 'lost')`,
          overdue: sql<number>`(select count(*)::int from ${lockboxRentals} where ${active} and ${lockboxRentals.endDate} < ${today}::date)`,
        })
        .from(sql`(select 1) as one`);
      return {
        inStock: Number(row?.inStock ?? 0),
        out: Number(row?.out ?? 0),
        overdue: Number(row?.overdue ?? 0),
        lost: Number(row?.lost ?? 0),
      };
    },
  };
}

/** Waiting lockbox orders, oldest first: the creation time, then the id. */
const OLDEST: KeysetSort = { expr: orders.createdAt, type: 'timestamptz', dir: 'asc' };

/** Paid lockbox rental orders with no lockbox out; `after` narrows to one page. */
function waiting(db: Db, after?: SQL) {
  return db
    .select({
      orderHash: orders.hash,
      orderedAt: orders.createdAt,
      property: rentalColumns.property,
      customer: { name: users.name, email: users.email },
      invoiceHash: invoices.hash,
      invoiceNumber: invoices.number,
      depositCents: deposit,
      sortKey: sortText(OLDEST),
      keyId: orders.id,
    })
    .from(orders)
    .innerJoin(invoices, invoiceOfOrder)
    .innerJoin(properties, eq(properties.id, orders.propertyId))
    .innerJoin(users, eq(users.id, orders.userId))
    .where(
      and(
        // The product's id as a value, so the queue walks orders_confirmed_product_idx alone.
        eq(
          orders.productId,
          sql`(select ${products.id} from ${products} where ${products.slug} = ${LOCKBOX_PRODUCT_SLUG})`,
        ),
        eq(orders.status, 'confirmed'),
        eq(invoices.status, 'paid'),
        sql`not exists (select 1 from ${lockboxRentals} where ${lockboxRentals.orderId} = ${orders.id} and ${active})`,
        after,
      ),
    )
    .$dynamic();
}

/** Rentals paged, and paid orders waiting for a lockbox. */
function lockboxRentalLists(db: Db) {
  return {
    async rentalsPage(q: TLockboxRentalsQuery, today: string) {
      const sort: KeysetSort = {
        expr:
          q.sort === 'start'
            ? sql`${lockboxRentals.startDate}::text`
            : sql`${lockboxRentals.endDate}::text`,
        type: 'text',
        dir: q.dir,
      };
      const status: Record<TLockboxRentalsQuery['status'], SQL | undefined> = {
        all: undefined,
        active: sql`${active} and ${lockboxRentals.endDate} >= ${today}::date`,
        overdue: sql`${active} and ${lockboxRentals.endDate} < ${today}::date`,
        returned: sql`${lockboxRentals.returnedOn} is not null`,
        forfeited: sql`${lockboxRentals.forfeitedAt} is not null`,
      };
      const term = q.search ? `%${escapeLike(q.search)}%` : undefined;
      const rows = await db
        .select({ ...rentalColumns, sortKey: sortText(sort), keyId: lockboxRentals.id })
        .from(lockboxRentals)
        .innerJoin(lockboxes, eq(lockboxes.id, lockboxRentals.lockboxId))
        .innerJoin(properties, eq(properties.id, lockboxRentals.propertyId))
        .innerJoin(orders, eq(orders.id, lockboxRentals.orderId))
        .innerJoin(users, eq(users.id, orders.userId))
        .leftJoin(invoices, invoiceOfOrder)
        .where(
          and(
            status[q.status],
            term
              ? sql`(${lockboxes.serial} ilike ${term} or ${properties.street} ilike ${term} or ${properties.city} ilike ${term} or ${users.email} ilike ${term} or ${users.name} ilike ${term})`
              : undefined,
            afterCursor(sort, lockboxRentals.id, q.cursor),
          ),
        )
        .orderBy(...keysetOrder(sort, lockboxRentals.id))
        .limit(q.limit + 1);
      return toPage(rows, q.limit);
    },

    /** Paid lockbox rental orders with no lockbox out, oldest first: what waits to be rented. */
    waitingOrders: () =>
      waiting(db)
        .orderBy(...keysetOrder(OLDEST, orders.id))
        .limit(200),

    /** One page of them under /api/v1 (decision 086), on orders_created_idx from the cursor. */
    async pageWaitingOrders(window: PageWindow) {
      const rows = await waiting(db, afterCursor(OLDEST, orders.id, window.cursor))
        .orderBy(...keysetOrder(OLDEST, orders.id))
        .limit(window.limit + 1);
      return toPage(rows, window.limit);
    },
  };
}

/** Renting a lockbox out under the order's and the lockbox's locks. */
function lockboxRentOuts(db: Db) {
  return {
    /**
     * Rent a lockbox out: the order and the lockbox are locked, `decide` reads them, and the
     * rental is written and the lockbox marked out in the same transaction.
     */
    async rentOut<R extends { ok: false }>(
      input: {
        orderHash: string;
        lockboxHash: string;
        startDate: string;
        endDate: string;
        rentedBy: number;
      },
      decide: (s: RentSnapshot) => { ok: true; depositCents: number } | R,
    ): Promise<{ ok: true; rental: LockboxRental } | R | 'notFound'> {
      return db.transaction(async (tx) => {
        const order = await lockOrderWithProduct(tx, input.orderHash);
        const [lockbox] = await tx
          .select()
          .from(lockboxes)
          .where(eq(lockboxes.hash, input.lockboxHash))
          .for('update');
        if (!order || !lockbox) return 'notFound' as const;
        const [invoice] = await tx
          .select({ status: invoices.status, depositCents: deposit })
          .from(invoices)
          .where(ownInvoiceOf(order.id));
        const [existing] = await tx
          .select({ id: lockboxRentals.id })
          .from(lockboxRentals)
          .where(and(eq(lockboxRentals.orderId, order.id), active));
        const decision = decide({
          order,
          invoice: invoice ?? null,
          lockbox,
          orderHasRental: Boolean(existing),
        });
        if (!decision.ok) return decision;
        const [rental] = await tx
          .insert(lockboxRentals)
          .values({
            hash: newHash(),
            lockboxId: lockbox.id,
            orderId: order.id,
            propertyId: order.propertyId,
            startDate: input.startDate,
            endDate: input.endDate,
            depositCents: decision.depositCents,
            rentedBy: input.rentedBy,
          })
          .returning();
        if (!rental) throw new Error('rental insert returned nothing');
        await setLockboxState(tx, lockbox.id, 'out');
        return { ok: true as const, rental };
      });
    },
  };
}

/** A returned lockbox's claim and its deposit refunds. */
function lockboxReturns(db: Db) {
  return {
    /**
     * The return, under the rental's and lockbox's locks: `decide` reads them and answers what
     * to write — the return itself the first time (the lockbox back in stock, the order
     * completed), and a claim on the deposit refund while one is owed.
     */
    async claimReturn<R extends { ok: false }>(
      hash: string,
      decide: (
        s: LockedRental,
        now: Date,
      ) => { ok: true; record: { returnedOn: string; by: number } | null; claim: boolean } | R,
    ): Promise<{ ok: true; locked: LockedRental; claimed: boolean } | R | 'notFound'> {
      return db.transaction(async (tx) => {
        const locked = await lockRental(tx, hash);
        if (!locked) return 'notFound' as const;
        const decision = decide(locked, new Date());
        if (!decision.ok) return decision;
        const set: Partial<LockboxRental> = {};
        if (decision.record) {
          set.returnedOn = decision.record.returnedOn;
          set.returnedBy = decision.record.by;
          await setLockboxState(tx, locked.lockbox.id, 'in_stock');
          await completeOrder(tx, locked.rental.orderId);
        }
        if (decision.claim) set.refundClaimedUntil = new Date(Date.now() + 5 * 60_000);
        if (Object.keys(set).length) {
          const [rental] = await tx
            .update(lockboxRentals)
            .set(set)
            .where(eq(lockboxRentals.id, locked.rental.id))
            .returning();
          if (rental) locked.rental = rental;
        }
        return { ok: true as const, locked, claimed: decision.claim };
      });
    },

    /** One refund of the deposit went through: count it at once. */
    async addRefunded(rentalId: number, cents: number) {
      await db
        .update(lockboxRentals)
        .set({ depositRefundedCents: sql`${lockboxRentals.depositRefundedCents} + ${cents}` })
        .where(eq(lockboxRentals.id, rentalId));
    },

    async releaseClaim(rentalId: number) {
      await db
        .update(lockboxRentals)
        .set({ refundClaimedUntil: null })
        .where(eq(lockboxRentals.id, rentalId));
    },
  };
}

/** Reminders and forfeits of rentals past their return day. */
function lockboxDeadlines(db: Db) {
  const { rentalsFrom } = lockboxQueries(db);
  return {
    /** Rentals still out whose first reminder day has come (7 days before the end). */
    async dueForReminders(today: string) {
      const first = Math.min(...LOCKBOX_REMINDER_OFFSETS);
      return rentalsFrom().where(
        and(active, sql`${lockboxRentals.endDate} + ${first}::int <= ${today}::date`),
      );
    },

    /**
     * Mark reminders sent (or passed). True when `offset` was not marked before, so two runs of
     * the job mark it once.
     */
    async markReminders(rentalId: number, offset: number, passed: readonly number[]) {
      const all = [offset, ...passed];
      const updated = await db
        .update(lockboxRentals)
        .set({
          remindersSent: sql`(select array_agg(distinct o order by o) from unnest(${lockboxRentals.remindersSent} || ${`{${all.join(',')}}`}::smallint[]) as o)`,
        })
        .where(
          and(
            eq(lockboxRentals.id, rentalId),
            sql`not (${offset}::smallint = any(${lockboxRentals.remindersSent}))`,
          ),
        )
        .returning({ id: lockboxRentals.id });
      return updated.length > 0;
    },

    /** Rentals still out 30 or more days past their end date. */
    async forfeitable(today: string) {
      return rentalsFrom().where(
        and(
          active,
          isNull(lockboxRentals.refundClaimedUntil),
          sql`${lockboxRentals.endDate} + ${LOCKBOX_FORFEIT_DAYS}::int <= ${today}::date`,
        ),
      );
    },

    /**
     * Keep the deposit of a rental under its locks, if `decide` still finds it due: the rental
     * forfeited, the lockbox lost, the order completed.
     */
    async forfeit(hash: string, decide: (s: LockedRental) => boolean) {
      return db.transaction(async (tx) => {
        const locked = await lockRental(tx, hash);
        if (!locked || !decide(locked)) return undefined;
        const [rental] = await tx
          .update(lockboxRentals)
          .set({ forfeitedAt: new Date() })
          .where(eq(lockboxRentals.id, locked.rental.id))
          .returning();
        await setLockboxState(tx, locked.lockbox.id, 'lost');
        await completeOrder(tx, locked.rental.orderId);
        return rental;
      });
    },
  };
}

/**
 * Lockboxes and their rentals (issue 21). Every change takes the row locks it depends on first
 * (`FOR UPDATE`), and the service decides from what was read under them, so two staff renting
 * the same lockbox, or a return and the forfeit job at once, take turns.
 */
export function createLockboxRepository(db: Db) {
  return {
    ...lockboxInventory(db),
    ...lockboxLookups(db),
    ...lockboxRentalLists(db),
    ...lockboxRentOuts(db),
    ...lockboxReturns(db),
    ...lockboxDeadlines(db),
  };
}

class SerialsTaken extends Error {
  readonly serials: string[];
  constructor(serials: string[]) {
    super('serials taken');
    this.serials = serials;
  }
}

export type LockboxRepository = ReturnType<typeof createLockboxRepository>;
export type RentalRow = NonNullable<Awaited<ReturnType<LockboxRepository['rental']>>>;
