import { type TPlaceOrderRequest, ZPlaceOrderResponseSchema } from '@lantern/contracts';
import { DASHBOARD_API } from '@lantern/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/**
 * POST /api/dashboard/orders; afterwards the orders, invoices and overview are read again, and
 * the valuations (Free Comps is made during the order request).
 */
export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: TPlaceOrderRequest) =>
      api.post(DASHBOARD_API.orders, request, { schema: ZPlaceOrderResponseSchema }),
    onSettled: () =>
      Promise.all(
        [
          ['dashboard', 'orders'],
          ['dashboard', 'invoices'],
          ['dashboard', 'overview'],
          ['dashboard', 'activity'],
          ['dashboard', 'valuation'],
        ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}
