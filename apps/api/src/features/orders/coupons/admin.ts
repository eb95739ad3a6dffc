import {
  COUPON_TEXTS,
  MESSAGES,
  type TAdminCoupon,
  type ZCouponTermsSchema,
} from '@lantern/contracts';
import type { Coupon } from '@lantern/db';
import type { z } from 'zod';
import { type Outcome, ok, refuse } from '../../staff/outcome.ts';
import type { CouponRepository, CouponTermsInput } from '../coupons.repository.ts';
import type { OrderRepository } from '../orders.repository.ts';

type Terms = z.output<typeof ZCouponTermsSchema>;

export function toAdminCoupon(c: Coupon): TAdminCoupon {
  return {
    code: c.code,
    description: c.description,
    percentOff: c.percentOff,
    amountOffCents: c.amountOffCents,
    productSlug: c.productSlug,
    active: c.active,
    startsAt: c.startsAt?.toISOString() ?? null,
    expiresAt: c.expiresAt?.toISOString() ?? null,
    maxRedemptions: c.maxRedemptions,
    redemptions: c.redemptionCount,
    oncePerCustomer: c.oncePerCustomer,
    firstOrderOnly: c.firstOrderOnly,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

const invalid = (field: string, text: string) =>
  refuse(422, MESSAGES.validationFailed, { [field]: [text] });

/**
 * Staff's coupon rules (issue 17): the code is fixed once made, a product scope names a real
 * product, and a cap never goes below the uses already held. Customers' redemptions are checked
 * in the ordering transaction (rules.ts), not here.
 */
export function createCouponAdminService(deps: {
  coupons: CouponRepository;
  orders: Pick<OrderRepository, 'productBySlug'>;
}) {
  async function termsFrom(terms: Terms): Promise<Outcome<CouponTermsInput>> {
    if (terms.productSlug && !(await deps.orders.productBySlug(terms.productSlug)))
      return invalid('productSlug', COUPON_TEXTS.productUnknown);
    return ok({
      ...terms,
      startsAt: terms.startsAt ? new Date(terms.startsAt) : null,
      expiresAt: terms.expiresAt ? new Date(terms.expiresAt) : null,
    });
  }

  return {
    async create(code: string, terms: Terms): Promise<Outcome<Coupon>> {
      const input = await termsFrom(terms);
      if (!input.ok) return input;
      const made = await deps.coupons.create(code, input.value);
      return made
        ? ok(made)
        : refuse(409, COUPON_TEXTS.codeTaken, { code: [COUPON_TEXTS.codeTaken] });
    },

    async update(code: string, terms: Terms): Promise<Outcome<{ before: Coupon; after: Coupon }>> {
      const input = await termsFrom(terms);
      if (!input.ok) return input;
      const changed = await deps.coupons.update(code, input.value);
      if (!changed.ok && changed.reason === 'notFound') return refuse(404, MESSAGES.notFound);
      if (!changed.ok) return invalid('maxRedemptions', COUPON_TEXTS.belowUses);
      return ok({ before: changed.before, after: changed.after });
    },
  };
}
export type CouponAdminService = ReturnType<typeof createCouponAdminService>;
