import { ZProductCatalogueResponseSchema } from '@lantern/contracts';
import { DASHBOARD_API } from '@lantern/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const productsQueryOptions = () =>
  queryOptions({
    queryKey: ['dashboard', 'products'],
    queryFn: ({ signal }) =>
      api.get(DASHBOARD_API.products, { schema: ZProductCatalogueResponseSchema, signal }),
    staleTime: 10 * 60_000,
  });

/** The services catalogue (names, prices, descriptions) for the product pages. */
export const useProducts = () => useQuery(productsQueryOptions());
