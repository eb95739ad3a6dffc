import {
  type TFsboBasicsRequest,
  type TFsboContactRequest,
  type TFsboDescribeRequest,
  type TFsboListingResponse,
  type TFsboMarketStatusRequest,
  type TFsboPropertyRequest,
  type TFsboPublishRequest,
  type TListingSyndicationRequest,
  ZFsboListingResponseSchema,
} from '@lantern/contracts';
import { FSBO_LISTING_API } from '@lantern/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const fsboListingKey = (property: string) =>
  ['dashboard', 'fsbo-listing', 'listing', property] as const;

export const fsboListingQueryOptions = (property: string) =>
  queryOptions({
    queryKey: fsboListingKey(property),
    queryFn: ({ signal }) =>
      api.get(`${FSBO_LISTING_API.listing}?property=${encodeURIComponent(property)}`, {
        schema: ZFsboListingResponseSchema,
        signal,
      }),
    retry: false,
  });

/** The property's FSBO listing (made empty on the first read). */
export const useFsboListing = (property: string | null) =>
  useQuery({ ...fsboListingQueryOptions(property ?? ''), enabled: !!property });

/** Every change answers with the whole listing, which replaces the cached one. */
function useListingChange<B extends { property: string }>(method: 'PUT' | 'POST', path: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: B) =>
      api.request<TFsboListingResponse>(method, path, { body, schema: ZFsboListingResponseSchema }),
    onSuccess: (data, body) => client.setQueryData(fsboListingKey(body.property), data),
  });
}

export const useSaveBasics = () =>
  useListingChange<TFsboBasicsRequest>('PUT', FSBO_LISTING_API.basics);
export const useSaveContact = () =>
  useListingChange<TFsboContactRequest>('PUT', FSBO_LISTING_API.contact);
export const useSaveDescribe = () =>
  useListingChange<TFsboDescribeRequest>('PUT', FSBO_LISTING_API.describe);
export const usePublish = () =>
  useListingChange<TFsboPublishRequest>('POST', FSBO_LISTING_API.publish);
/** Where the listing may appear beyond our site (issue 49). */
export const useSaveSyndication = () =>
  useListingChange<TListingSyndicationRequest>('PUT', FSBO_LISTING_API.syndication);
export const useUnpublish = () =>
  useListingChange<TFsboPropertyRequest>('POST', FSBO_LISTING_API.unpublish);
export const useMarketStatus = () =>
  useListingChange<TFsboMarketStatusRequest>('PUT', FSBO_LISTING_API.marketStatus);
