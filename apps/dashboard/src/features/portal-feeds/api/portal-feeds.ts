import {
  LISTING_PORTALS_API,
  type TListingPortals,
  type TListingPortalsUpdate,
  type TPortalFeedCreate,
  ZListingPortalsSchema,
  ZPortalFeedCreatedSchema,
  ZPortalFeedSchema,
  ZPortalFeedsSchema,
} from '@lantern/contracts';
import { ADMIN_API } from '@lantern/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

const feedsKey = ['admin', 'portal-feeds'] as const;

/** Staff: every portal feed, newest first (docs/decisions/098). */
export function usePortalFeeds() {
  return useQuery({
    queryKey: feedsKey,
    queryFn: ({ signal }) => api.get(ADMIN_API.portalFeeds, { schema: ZPortalFeedsSchema, signal }),
  });
}

/** Make a feed; the answer holds its address, the only time it is shown. */
export function useCreatePortalFeed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TPortalFeedCreate) =>
      api.request('POST', ADMIN_API.portalFeeds, { body, schema: ZPortalFeedCreatedSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: feedsKey }),
  });
}

/** A new address for a feed (shown once); the old one stops. */
export function useRotatePortalFeed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (hash: string) =>
      api.request('POST', ADMIN_API.portalFeedRotate(hash), { schema: ZPortalFeedCreatedSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: feedsKey }),
  });
}

export function useRevokePortalFeed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (hash: string) =>
      api.request('DELETE', ADMIN_API.portalFeed(hash), { schema: ZPortalFeedSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: feedsKey }),
  });
}

export const listingPortalsKey = (property: string) =>
  ['dashboard', 'listing', property, 'portals'] as const;

/** An owner: the portals by name and whether the listing goes to each. */
export const useListingPortals = (property: string) =>
  useQuery({
    queryKey: listingPortalsKey(property),
    queryFn: ({ signal }) =>
      api.get(`${LISTING_PORTALS_API.portals}?property=${encodeURIComponent(property)}`, {
        schema: ZListingPortalsSchema,
        signal,
      }),
  });

/** Keep the listing out of these portals; the answer replaces the cached view. */
export const useSetListingPortals = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TListingPortalsUpdate) =>
      api.request<TListingPortals>('PUT', LISTING_PORTALS_API.portals, {
        body,
        schema: ZListingPortalsSchema,
      }),
    onSuccess: (data, body) => client.setQueryData(listingPortalsKey(body.property), data),
  });
};
