import { WORK_ORDER_API, ZCustomerWorkOrdersSchema } from '@lantern/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const workOrdersKey = (property: string) => ['dashboard', 'work-orders', property] as const;

/** The property's work orders (issue 21): trips for its sign posts, lockbox and photography. */
export const useWorkOrders = (property: string) =>
  useQuery({
    queryKey: workOrdersKey(property),
    queryFn: ({ signal }) =>
      api.get(`${WORK_ORDER_API.customer}?property=${encodeURIComponent(property)}`, {
        schema: ZCustomerWorkOrdersSchema,
        signal,
      }),
  });
