import {
  MLS_LISTING_API,
  type TMlsListingFormRequest,
  type TMlsListingLocationRequest,
  type TMlsListingRead,
  type TMlsListingResponse,
  ZMlsListingReadSchema,
  ZMlsListingResponseSchema,
} from '@lantern/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const listingKey = (property: string) =>
  ['dashboard', 'mls-listing', 'listing', property] as const;

export const listingQueryOptions = (property: string) =>
  queryOptions({
    queryKey: listingKey(property),
    queryFn: ({ signal }) =>
      api.get<TMlsListingRead>(
        `${MLS_LISTING_API.listing}?property=${encodeURIComponent(property)}`,
        {
          schema: ZMlsListingReadSchema,
          signal,
        },
      ),
    retry: false,
  });

/**
 * The property's MLS listing (made from its MLS listing order on first read); without an order
 * the answer is still a 200 with `listing: null` and why (decision 056). Idle without a property.
 */
export const useMlsListing = (property: string | null, enabled = true) =>
  useQuery({ ...listingQueryOptions(property ?? ''), enabled: !!property && enabled });

/** A step's PUT answers with the whole listing, which replaces the cached one. */
function useListingPut<B extends { property: string }>(path: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: B) =>
      api.request<TMlsListingResponse>('PUT', path, { body, schema: ZMlsListingResponseSchema }),
    onSuccess: (data, body) => client.setQueryData(listingKey(body.property), data),
  });
}

export const useSaveLocation = () =>
  useListingPut<TMlsListingLocationRequest>(MLS_LISTING_API.location);
export const useSaveForm = () => useListingPut<TMlsListingFormRequest>(MLS_LISTING_API.form);
