import {
  ADMIN_LISTINGS_API,
  type TAdminListingDetail,
  type TApproveListingRequest,
  type TRejectListingRequest,
  type TSendBackRequest,
  ZAdminListingDetailSchema,
  ZAdminListingsPageSchema,
} from '@lantern/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const listingsKey = ['admin', 'mls-listings'] as const;

export const fetchListingsPage = (query: string, signal: AbortSignal) =>
  api.get(`${ADMIN_LISTINGS_API.listings}?${query}`, { schema: ZAdminListingsPageSchema, signal });

export const adminListingQueryOptions = (hash: string) =>
  queryOptions({
    queryKey: [...listingsKey, 'one', hash],
    queryFn: ({ signal }) =>
      api.get(ADMIN_LISTINGS_API.listing(hash), { schema: ZAdminListingDetailSchema, signal }),
    retry: false,
  });
export const useAdminListing = (hash: string) => useQuery(adminListingQueryOptions(hash));

/** Each decision answers the listing as it is now; the lists read again. */
function useDecision<V>(hash: string, path: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: V) =>
      api.post<TAdminListingDetail>(path, body, { schema: ZAdminListingDetailSchema }),
    onSuccess: async (data) => {
      client.setQueryData(adminListingQueryOptions(hash).queryKey, data);
      await client.invalidateQueries({ queryKey: listingsKey });
    },
  });
}

export const useApproveListing = (hash: string) =>
  useDecision<TApproveListingRequest>(hash, ADMIN_LISTINGS_API.approve(hash));
export const useSendBackListing = (hash: string) =>
  useDecision<TSendBackRequest>(hash, ADMIN_LISTINGS_API.sendBack(hash));
export const useRejectListing = (hash: string) =>
  useDecision<TRejectListingRequest>(hash, ADMIN_LISTINGS_API.reject(hash));
