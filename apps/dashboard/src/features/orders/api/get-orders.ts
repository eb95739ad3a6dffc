import { ZOrderListResponseSchema } from '@lantern/contracts';
import { DASHBOARD_API } from '@lantern/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const ordersKey = (property: string) => ['dashboard', 'orders', property] as const;

export const ordersQueryOptions = (property: string) =>
  queryOptions({
    queryKey: ordersKey(property),
    queryFn: ({ signal }) =>
      api.get(`${DASHBOARD_API.orders}?property=${encodeURIComponent(property)}`, {
        schema: ZOrderListResponseSchema,
        signal,
      }),
  });

/** The current property's orders; idle without one. */
export const useOrders = (property: string | null) =>
  useQuery({ ...ordersQueryOptions(property ?? ''), enabled: !!property });
