import {
  type TVendorWorkOrderMoveRequest,
  WORK_ORDER_API,
  ZVendorWorkOrderSchema,
  ZVendorWorkOrdersPageSchema,
} from '@lantern/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { vendorKey } from './assignments.ts';

export const vendorWorkOrdersKey = [...vendorKey, 'work-orders'] as const;

export const fetchVendorWorkOrdersPage = (query: string, signal: AbortSignal) =>
  api.get(`${WORK_ORDER_API.vendorList}?${query}`, {
    schema: ZVendorWorkOrdersPageSchema,
    signal,
  });

/** The field vendor marks their own work order en route, done or failed. */
export function useVendorMoveWorkOrder(hash: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TVendorWorkOrderMoveRequest) =>
      api.post(WORK_ORDER_API.vendorState(hash), body, { schema: ZVendorWorkOrderSchema }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: vendorWorkOrdersKey });
    },
  });
}
