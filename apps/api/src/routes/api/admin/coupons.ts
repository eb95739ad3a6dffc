import {
  ZAdminCouponSchema,
  ZCouponParamsSchema,
  ZCouponsPageSchema,
  ZCouponsQuerySchema,
  ZCouponTermsSchema,
  ZCreateCouponRequestSchema,
} from '@lantern/contracts';
import type { Coupon } from '@lantern/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toAdminCoupon } from '../../../features/orders/coupons/admin.ts';
import { ERRORS, page, refused } from '../../_shared/replies.ts';

/** What the activity log keeps of a coupon: its terms, not its running count. */
const audited = (c: Coupon) => {
  const { redemptions: _count, createdAt: _c, updatedAt: _u, ...terms } = toAdminCoupon(c);
  return terms;
};

/**
 * Coupons (issue 17): staff who may see orders read them; `coupons.manage` makes and changes
 * them. A coupon is never deleted: orders and invoices quote its code; deactivate it instead.
 */
const couponRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/coupons',
    {
      config: { access: { staff: ['orders.view'] } },
      schema: {
        tags: ['admin'],
        summary: 'Coupons, newest first, with how many orders hold each',
        querystring: ZCouponsQuerySchema,
        response: { 200: ZCouponsPageSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const result = await page(reply, () => app.coupons.page(request.query));
      if (!result) return reply;
      return {
        rows: result.rows.map((r) => toAdminCoupon(r.coupon)),
        nextCursor: result.nextCursor,
      };
    },
  );

  app.post(
    '/coupons',
    {
      config: { access: { staff: ['coupons.manage'] }, audit: { action: 'coupon.create' } },
      schema: {
        tags: ['admin'],
        summary: 'Make a coupon: a percentage or an amount off, with its dates and limits',
        body: ZCreateCouponRequestSchema,
        response: { 201: ZAdminCouponSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const { code, ...terms } = request.body;
      const made = await app.couponAdmin.create(code, terms);
      if (!made.ok) return refused(reply, made);
      request.audit({
        recordType: 'coupon',
        recordId: made.value.code,
        before: null,
        after: audited(made.value),
      });
      return reply.code(201).send(toAdminCoupon(made.value));
    },
  );

  app.put(
    '/coupons/:code',
    {
      config: { access: { staff: ['coupons.manage'] }, audit: { action: 'coupon.update' } },
      schema: {
        tags: ['admin'],
        summary: "Change a coupon's terms, or deactivate it",
        params: ZCouponParamsSchema,
        body: ZCouponTermsSchema,
        response: { 200: ZAdminCouponSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const changed = await app.couponAdmin.update(request.params.code, request.body);
      if (!changed.ok) return refused(reply, changed);
      request.audit({
        recordType: 'coupon',
        recordId: changed.value.after.code,
        before: audited(changed.value.before),
        after: audited(changed.value.after),
      });
      return toAdminCoupon(changed.value.after);
    },
  );
};

export default couponRoutes;
