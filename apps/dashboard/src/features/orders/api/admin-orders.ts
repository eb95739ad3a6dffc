import {
  ADMIN_ORDERS_API,
  AGENT_API,
  type TAdminOrderDetail,
  ZAdminOrderDetailSchema,
  ZAdminOrdersPageSchema,
  ZBillAgentHoursResponseSchema,
  ZUnbilledAgentHoursSchema,
} from '@lantern/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const ordersKey = ['admin', 'orders'] as const;

export const fetchOrdersPage = (query: string, signal: AbortSignal) =>
  api.get(`${ADMIN_ORDERS_API.orders}?${query}`, { schema: ZAdminOrdersPageSchema, signal });

const orderKey = (hash: string) => [...ordersKey, 'one', hash] as const;

export const useAdminOrder = (hash: string) =>
  useQuery({
    queryKey: orderKey(hash),
    queryFn: ({ signal }) =>
      api.get(ADMIN_ORDERS_API.order(hash), { schema: ZAdminOrderDetailSchema, signal }),
  });

/** Every order change answers the order as it is now; lists and invoices are loaded again. */
function useOrderChange<V>(hash: string, path: (hash: string) => string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: V) =>
      api.request<TAdminOrderDetail>('POST', path(hash), {
        body: body ?? {},
        schema: ZAdminOrderDetailSchema,
      }),
    onSuccess: (order) => {
      client.setQueryData(orderKey(hash), order);
      void client.invalidateQueries({ queryKey: ['admin', 'invoices'] });
      return client.invalidateQueries({ queryKey: ordersKey });
    },
  });
}

export const usePriceQuote = (hash: string) =>
  useOrderChange<{ priceCents: number }>(hash, ADMIN_ORDERS_API.quote);
export const useCancelOrder = (hash: string) =>
  useOrderChange<{ reason: string }>(hash, ADMIN_ORDERS_API.cancel);
export const useCompleteOrder = (hash: string) =>
  useOrderChange<undefined>(hash, ADMIN_ORDERS_API.complete);
export const useAddOrderNote = (hash: string) =>
  useOrderChange<{ body: string }>(hash, ADMIN_ORDERS_API.notes);

/** An hourly representation order's hours not billed yet (decision 050). */
export const useUnbilledAgentHours = (hash: string) =>
  useQuery({
    queryKey: [...orderKey(hash), 'agent-hours'],
    queryFn: ({ signal }) =>
      api.get(AGENT_API.unbilled(hash), { schema: ZUnbilledAgentHoursSchema, signal }),
  });

/** Bill them into one invoice of kind agent_hours; the order's figures and invoices reload. */
export function useBillAgentHours(hash: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.request('POST', AGENT_API.bill(hash), {
        body: {},
        schema: ZBillAgentHoursResponseSchema,
      }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['admin', 'invoices'] });
      return client.invalidateQueries({ queryKey: orderKey(hash) });
    },
  });
}
