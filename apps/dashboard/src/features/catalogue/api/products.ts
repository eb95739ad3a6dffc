import {
  type TUpdateProductRequest,
  ZAdminProductSchema,
  ZAdminProductsPageSchema,
  ZProductRoleRepairSchema,
} from '@lantern/contracts';
import { ADMIN_API } from '@lantern/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const productsKey = ['admin', 'products'] as const;

export const fetchProductsPage = (query: string, signal: AbortSignal) =>
  api.get(`${ADMIN_API.products}?${query}`, { schema: ZAdminProductsPageSchema, signal });

export function useSaveProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ slug, input }: { slug: string; input: TUpdateProductRequest }) =>
      api.request('PUT', ADMIN_API.product(slug), { body: input, schema: ZAdminProductSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: productsKey }),
  });
}

/** What the repair of who may order did (issue 36): fixed once, so read once per visit. */
export const useProductRoleRepair = () =>
  useQuery({
    queryKey: [...productsKey, 'role-repair'],
    queryFn: ({ signal }) =>
      api.get(ADMIN_API.productRoleRepair, { schema: ZProductRoleRepairSchema, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
