import {
  MLS_LISTING_LIFECYCLE_API,
  type TListingSyndicationRequest,
  ZListingSyndicationResponseSchema,
} from '@lantern/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** Under ['dashboard', 'mls-listing'], so a signature or a staff decision reads it again. */
export const syndicationKey = (property: string) =>
  ['dashboard', 'mls-listing', 'syndication', property] as const;

/** Where the owners agreed the listing may appear beyond our site, and who may change it. */
export const useListingSyndication = (property: string) =>
  useQuery({
    queryKey: syndicationKey(property),
    queryFn: ({ signal }) =>
      api.get(`${MLS_LISTING_LIFECYCLE_API.syndication}?property=${encodeURIComponent(property)}`, {
        schema: ZListingSyndicationResponseSchema,
        signal,
      }),
  });

/**
 * The owners' choices stored; the agreement (made with them) and the listing's pages read
 * again.
 */
export function useChooseSyndication() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TListingSyndicationRequest) =>
      api.request('PUT', MLS_LISTING_LIFECYCLE_API.syndication, {
        body,
        schema: ZListingSyndicationResponseSchema,
      }),
    onSuccess: (data, body) => {
      client.setQueryData(syndicationKey(body.property), data);
      return client.invalidateQueries({ queryKey: ['dashboard', 'mls-listing', 'sign'] });
    },
  });
}
