import { type TUpdateCoverageRequest, ZProductCoverageSchema } from '@lantern/contracts';
import { ADMIN_API } from '@lantern/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { productsKey } from './products.ts';

const coverageKey = (slug: string) => [...productsKey, slug, 'coverage'] as const;

export const coverageQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: coverageKey(slug),
    queryFn: ({ signal }) =>
      api.get(ADMIN_API.productCoverage(slug), { schema: ZProductCoverageSchema, signal }),
  });

/** Where a product is offered (issue 20). */
export const useCoverage = (slug: string) => useQuery(coverageQueryOptions(slug));

export function useSaveCoverage(slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: TUpdateCoverageRequest) =>
      api.request('PUT', ADMIN_API.productCoverage(slug), {
        body: input,
        schema: ZProductCoverageSchema,
      }),
    onSuccess: (saved) => {
      client.setQueryData(coverageKey(slug), saved);
      return client.invalidateQueries({ queryKey: productsKey });
    },
  });
}
