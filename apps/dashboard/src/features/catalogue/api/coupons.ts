import {
  type TCouponTerms,
  type TCreateCouponRequest,
  ZAdminCouponSchema,
  ZCouponsPageSchema,
} from '@lantern/contracts';
import { ADMIN_API } from '@lantern/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const couponsKey = ['admin', 'coupons'] as const;

export const fetchCouponsPage = (query: string, signal: AbortSignal) =>
  api.get(`${ADMIN_API.coupons}?${query}`, { schema: ZCouponsPageSchema, signal });

/** Make a coupon (no `existing` code) or change the terms of one. */
export function useSaveCoupon(existing: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: TCreateCouponRequest) => {
      if (existing === null)
        return api.post(ADMIN_API.coupons, input, { schema: ZAdminCouponSchema });
      const { code: _fixed, ...terms } = input as TCreateCouponRequest & TCouponTerms;
      return api.request('PUT', ADMIN_API.coupon(existing), {
        body: terms,
        schema: ZAdminCouponSchema,
      });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: couponsKey }),
  });
}
