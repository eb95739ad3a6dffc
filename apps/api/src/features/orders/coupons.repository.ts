import { type Coupon, couponRedemptions, coupons, type Db, orders } from '@lantern/db';
import { and, eq, ne, sql } from 'drizzle-orm';
import { afterCursor, type KeysetSort, keysetOrder, sortText, toPage } from '../../lib/keyset.ts';
import { escapeLike } from '../jobs/jobs.repository.ts';

export interface CouponsQuery {
  sort: 'created' | 'code';
  search?: string | undefined;
  dir: 'asc' | 'desc';
  limit: number;
  cursor?: string | undefined;
}

/** What staff set on a coupon; its code is fixed once made (orders and invoices quote it). */
export interface CouponTermsInput {
  description: string;
  percentOff: number | null;
  amountOffCents: number | null;
  productSlug: string | null;
  active: boolean;
  startsAt: Date | null;
  expiresAt: Date | null;
  maxRedemptions: number | null;
  oncePerCustomer: boolean;
  firstOrderOnly: boolean;
}

type Tx = Pick<Db, 'select' | 'update' | 'insert' | 'delete'>;

/**
 * The coupon of `code`, locked for the rest of the transaction: the ordering transaction reads
 * its counter and the customer's history under this lock, so two orders for the last use of a
 * coupon take turns and the second sees it used up.
 */
export async function lockCoupon(tx: Tx, code: string): Promise<Coupon | undefined> {
  const [row] = await tx
    .select()
    .from(coupons)
    .where(eq(coupons.code, code.toUpperCase()))
    .for('update');
  return row;
}

/** Facts the coupon rules need about this customer, read inside the ordering transaction. */
export async function customerHistory(tx: Tx, couponId: number, userId: number) {
  const [used] = await tx
    .select({ id: couponRedemptions.id })
    .from(couponRedemptions)
    .where(and(eq(couponRedemptions.couponId, couponId), eq(couponRedemptions.userId, userId)))
    .limit(1);
  const [earlier] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), ne(orders.status, 'cancelled')))
    .limit(1);
  return { usedByCustomer: Boolean(used), hasEarlierOrder: Boolean(earlier) };
}

/** Record that `orderId` used the (locked) coupon and count it. */
export async function redeemCoupon(
  tx: Tx,
  coupon: Coupon,
  redemption: { orderId: number; userId: number; discountCents: number },
) {
  await tx.insert(couponRedemptions).values({
    couponId: coupon.id,
    ...redemption,
    oncePerCustomer: coupon.oncePerCustomer,
  });
  await tx
    .update(coupons)
    .set({ redemptionCount: sql`${coupons.redemptionCount} + 1` })
    .where(eq(coupons.id, coupon.id));
}

/** A cancelled unpaid order gives its coupon use back (once; a second call finds nothing). */
export async function releaseCoupon(tx: Tx, orderId: number) {
  const [freed] = await tx
    .delete(couponRedemptions)
    .where(eq(couponRedemptions.orderId, orderId))
    .returning({ couponId: couponRedemptions.couponId });
  if (!freed) return;
  await tx
    .update(coupons)
    .set({ redemptionCount: sql`${coupons.redemptionCount} - 1` })
    .where(eq(coupons.id, freed.couponId));
}

/** Coupons as staff manage them (issue 17). */
export function createCouponRepository(db: Db) {
  const byCode = async (code: string, tx: Pick<Db, 'select'> = db) => {
    const [row] = await tx.select().from(coupons).where(eq(coupons.code, code.toUpperCase()));
    return row;
  };
  return {
    byCode,
    async page(q: CouponsQuery) {
      const sort: KeysetSort =
        q.sort === 'code'
          ? { expr: coupons.code, type: 'text', dir: q.dir }
          : { expr: coupons.createdAt, type: 'timestamptz', dir: q.dir };
      const term = q.search ? `%${escapeLike(q.search)}%` : undefined;
      const rows = await db
        .select({ coupon: coupons, sortKey: sortText(sort), keyId: coupons.id })
        .from(coupons)
        .where(
          and(
            term
              ? sql`(${coupons.code} ilike ${term} or ${coupons.description} ilike ${term})`
              : undefined,
            afterCursor(sort, coupons.id, q.cursor),
          ),
        )
        .orderBy(...keysetOrder(sort, coupons.id))
        .limit(q.limit + 1);
      return toPage(rows, q.limit);
    },
    /** A new coupon; undefined when the code is taken. */
    async create(code: string, terms: CouponTermsInput): Promise<Coupon | undefined> {
      const [row] = await db
        .insert(coupons)
        .values({ code: code.toUpperCase(), ...terms })
        .onConflictDoNothing({ target: coupons.code })
        .returning();
      return row;
    },
    /**
     * Change a coupon's terms under its lock; answers before and after. `belowUses` when the new
     * cap is under the uses already held (the database's check refuses it too).
     */
    async update(code: string, terms: CouponTermsInput) {
      return db.transaction(async (tx) => {
        const before = await lockCoupon(tx, code);
        if (!before) return { ok: false as const, reason: 'notFound' as const };
        if (terms.maxRedemptions !== null && terms.maxRedemptions < before.redemptionCount)
          return { ok: false as const, reason: 'belowUses' as const, before };
        const [after] = await tx
          .update(coupons)
          .set({ ...terms, updatedAt: new Date() })
          .where(eq(coupons.id, before.id))
          .returning();
        if (!after) throw new Error('coupon update returned nothing');
        return { ok: true as const, before, after };
      });
    },
  };
}
export type CouponRepository = ReturnType<typeof createCouponRepository>;
