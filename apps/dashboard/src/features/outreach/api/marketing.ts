import {
  type TMarketingList,
  ZAdminProductsPageSchema,
  ZMarketingOrdersPageSchema,
  ZMarketingOwnersPageSchema,
  ZMarketingPropertiesPageSchema,
} from '@lantern/contracts';
import { ADMIN_API } from '@lantern/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const marketingKey = (list: TMarketingList) => ['admin', 'marketing', list] as const;

export const fetchMarketingOwners = (query: string, signal: AbortSignal) =>
  api.get(`${ADMIN_API.marketing('owners')}?${query}`, {
    schema: ZMarketingOwnersPageSchema,
    signal,
  });
export const fetchMarketingProperties = (query: string, signal: AbortSignal) =>
  api.get(`${ADMIN_API.marketing('properties')}?${query}`, {
    schema: ZMarketingPropertiesPageSchema,
    signal,
  });
export const fetchMarketingOrders = (query: string, signal: AbortSignal) =>
  api.get(`${ADMIN_API.marketing('orders')}?${query}`, {
    schema: ZMarketingOrdersPageSchema,
    signal,
  });

/** The CSV of the list as filtered now (the server keeps only people who opted in). */
export const marketingExportHref = (list: TMarketingList) => (query: string) => {
  const q = new URLSearchParams(query);
  q.delete('limit');
  q.delete('cursor');
  return `${ADMIN_API.marketingExport(list)}?${q}`;
};

/** Products for the "Product ordered" filter, by name. */
export function useProductChoices() {
  return useQuery({
    queryKey: ['admin', 'products', 'choices'],
    queryFn: ({ signal }) =>
      api.get(`${ADMIN_API.products}?limit=100`, { schema: ZAdminProductsPageSchema, signal }),
    select: (page) =>
      page.rows
        .map((p) => ({ value: p.slug, label: p.name }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    staleTime: 5 * 60_000,
  });
}
