import {
  CONCIERGE_DRAFT_API,
  MLS_LISTING_CONCIERGE_API,
  type TMlsListingFormRequest,
  type TMlsListingLocationRequest,
  type TMlsListingRead,
  type TMlsListingResponse,
  ZMlsListingReadSchema,
  ZMlsListingResponseSchema,
} from '@lantern/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { type ListingSource, OWNER_SOURCE, useListingSource } from '../listing-source.ts';

export const listingKey = (property: string, source: ListingSource = OWNER_SOURCE) =>
  source.key === 'owner'
    ? (['dashboard', 'mls-listing', 'listing', property] as const)
    : (['dashboard', 'mls-listing', 'listing', property, source.key] as const);

export const listingQueryOptions = (property: string, source: ListingSource = OWNER_SOURCE) =>
  queryOptions({
    queryKey: listingKey(property, source),
    queryFn: ({ signal }) =>
      api.get<TMlsListingRead>(`${source.listing}?property=${encodeURIComponent(property)}`, {
        schema: ZMlsListingReadSchema,
        signal,
      }),
    retry: false,
  });

/**
 * The property's MLS listing (made from its MLS listing order on first read); without an order
 * the answer is still a 200 with `listing: null` and why (decision 056). Idle without a property.
 */
export const useMlsListing = (property: string | null, enabled = true) => {
  const source = useListingSource();
  return useQuery({
    ...listingQueryOptions(property ?? '', source),
    enabled: !!property && enabled,
  });
};

/** A step's write answers with the whole listing, which replaces the cached one. */
function useListingWrite<B extends { property: string }>(
  method: 'PUT' | 'POST',
  path: (source: ListingSource) => string,
) {
  const client = useQueryClient();
  const source = useListingSource();
  return useMutation({
    mutationFn: (body: B) =>
      api.request<TMlsListingResponse>(method, path(source), {
        body,
        schema: ZMlsListingResponseSchema,
      }),
    onSuccess: (data, body) => client.setQueryData(listingKey(body.property, source), data),
  });
}

export const useSaveLocation = () =>
  useListingWrite<TMlsListingLocationRequest>('PUT', (s) => s.location);
export const useSaveForm = () => useListingWrite<TMlsListingFormRequest>('PUT', (s) => s.form);

/** The owners accept the concierge's changes (decision 065); then they sign as before. */
export const useAcceptConciergeChanges = () =>
  useListingWrite<{ property: string }>('POST', () => MLS_LISTING_CONCIERGE_API.accept);
/** The concierge opens the owners' draft to work on it, or hands it back. */
export const useTakeDraft = () =>
  useListingWrite<{ property: string }>('POST', () => CONCIERGE_DRAFT_API.take);
export const useHandOverDraft = () =>
  useListingWrite<{ property: string }>('POST', () => CONCIERGE_DRAFT_API.handOver);
