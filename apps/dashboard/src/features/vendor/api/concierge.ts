import {
  CONCIERGE_API,
  type TConciergeListingDetail,
  type TConciergeReturnRequest,
  ZConciergeListingDetailSchema,
  ZConciergeListingsPageSchema,
} from '@lantern/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { vendorKey } from './assignments.ts';

export const conciergeListingsKey = [...vendorKey, 'concierge'] as const;

export const fetchConciergeListingsPage = (query: string, signal: AbortSignal) =>
  api.get(`${CONCIERGE_API.list}?${query}`, { schema: ZConciergeListingsPageSchema, signal });

const conciergeListingOptions = (hash: string) =>
  queryOptions({
    queryKey: [...conciergeListingsKey, 'one', hash],
    queryFn: ({ signal }) =>
      api.get(CONCIERGE_API.one(hash), { schema: ZConciergeListingDetailSchema, signal }),
    retry: false,
  });

/** One of the concierge's listings (another's is a 404 from the server). */
export const useConciergeListing = (hash: string) => useQuery(conciergeListingOptions(hash));

/** Each action answers the listing as it is now; the list reads again. */
function useAction<V>(hash: string, path: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: V) =>
      api.post<TConciergeListingDetail>(path, body, { schema: ZConciergeListingDetailSchema }),
    onSuccess: async (data) => {
      client.setQueryData(conciergeListingOptions(hash).queryKey, data);
      await client.invalidateQueries({ queryKey: conciergeListingsKey });
    },
  });
}

export const useConciergeReturn = (hash: string) =>
  useAction<TConciergeReturnRequest>(hash, CONCIERGE_API.returnToCustomer(hash));
export const useConciergeReady = (hash: string) =>
  useAction<Record<string, never>>(hash, CONCIERGE_API.ready(hash));
