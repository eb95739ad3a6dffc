import {
  type TSetVendorPriceRequest,
  ZVendorPriceSchema,
  ZVendorPricesPageSchema,
} from '@lantern/contracts';
import { ADMIN_API } from '@lantern/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const vendorPricesKey = ['admin', 'vendor-prices'] as const;

export const fetchVendorPricesPage = (query: string, signal: AbortSignal) =>
  api.get(`${ADMIN_API.vendorPrices}?${query}`, { schema: ZVendorPricesPageSchema, signal });

export function useSetVendorPrice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: TSetVendorPriceRequest) =>
      api.request('PUT', ADMIN_API.vendorPrices, { body: input, schema: ZVendorPriceSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: vendorPricesKey }),
  });
}

export function useRemoveVendorPrice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.request('DELETE', ADMIN_API.vendorPrice(id)),
    onSuccess: () => client.invalidateQueries({ queryKey: vendorPricesKey }),
  });
}
