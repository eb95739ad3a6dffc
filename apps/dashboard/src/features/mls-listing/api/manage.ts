import {
  MLS_LISTING_LIFECYCLE_API,
  PHOTO_SHOOT_API,
  type TChangeRequestCreate,
  type TRenewRequest,
  ZChangeSentSchema,
  ZListingManageSchema,
  ZPhotographyGallerySchema,
  ZRenewSentSchema,
} from '@lantern/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** Under ['dashboard', 'mls-listing'], so ListingUpdated (a change made by staff) reloads it. */
export const manageKey = (property: string) =>
  ['dashboard', 'mls-listing', 'manage', property] as const;

export const manageQueryOptions = (property: string) =>
  queryOptions({
    queryKey: manageKey(property),
    queryFn: ({ signal }) =>
      api.get(`${MLS_LISTING_LIFECYCLE_API.manage}?property=${encodeURIComponent(property)}`, {
        schema: ZListingManageSchema,
        signal,
      }),
  });

/** The live listing, what may be asked now, and the change requests made. */
export const useListingManage = (property: string) => useQuery(manageQueryOptions(property));

/** A change request, its form signed in the same call; the listing's pages read again. */
export function useRequestChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TChangeRequestCreate) =>
      api.post(MLS_LISTING_LIFECYCLE_API.changes, body, { schema: ZChangeSentSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['dashboard', 'mls-listing'] }),
  });
}

/** A renewal started (and signed by the owner asking). */
export function useRenewListing() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TRenewRequest) =>
      api.post(MLS_LISTING_LIFECYCLE_API.renew, body, { schema: ZRenewSentSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['dashboard', 'mls-listing'] }),
  });
}

/** The photographs delivered for the home, which a photo change may put on the listing. */
export function useDeliveredPhotos(property: string) {
  return useQuery({
    queryKey: ['dashboard', 'mls-listing', 'delivered-photos', property],
    queryFn: ({ signal }) =>
      api.get(`${PHOTO_SHOOT_API.gallery}?property=${encodeURIComponent(property)}`, {
        schema: ZPhotographyGallerySchema,
        signal,
      }),
    select: (gallery) => gallery.shoots.flatMap((s) => s.photos),
  });
}
