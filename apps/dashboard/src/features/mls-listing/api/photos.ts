import {
  MLS_LISTING_API,
  type TListingPhotosResponse,
  ZListingPhotosResponseSchema,
} from '@lantern/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const photosKey = (property: string) =>
  ['dashboard', 'mls-listing', 'photos', property] as const;

/** While any photo is still being processed, ask again this often. */
const PROCESSING_POLL_MS = 2000;

export const photosQueryOptions = (property: string) =>
  queryOptions({
    queryKey: photosKey(property),
    queryFn: ({ signal }) =>
      api.get(`${MLS_LISTING_API.photos}?property=${encodeURIComponent(property)}`, {
        schema: ZListingPhotosResponseSchema,
        signal,
      }),
    refetchInterval: (query) =>
      query.state.data?.photos.some((p) => p.status === 'processing') ? PROCESSING_POLL_MS : false,
  });

/** The listing's photos in their order; polled until none is processing. */
export const usePhotos = (property: string) => useQuery(photosQueryOptions(property));

/** The order, caption and delete routes answer with the whole list, which replaces the cache. */
function useListMutation<V>(property: string, send: (vars: V) => Promise<TListingPhotosResponse>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (data) => client.setQueryData(photosKey(property), data),
    onError: () => client.invalidateQueries({ queryKey: photosKey(property) }),
  });
}

export function useReorderPhotos(property: string) {
  const client = useQueryClient();
  const mutation = useListMutation(property, (photos: string[]) =>
    api.request('PUT', MLS_LISTING_API.photosOrder, {
      body: { property, photos },
      schema: ZListingPhotosResponseSchema,
    }),
  );
  /** Shows the new order at once, then sends it. */
  const reorder = (photos: string[]) => {
    client.setQueryData(photosKey(property), (old: TListingPhotosResponse | undefined) =>
      old
        ? {
            ...old,
            photos: photos.flatMap((hash, position) => {
              const photo = old.photos.find((p) => p.hash === hash);
              return photo ? [{ ...photo, position }] : [];
            }),
          }
        : old,
    );
    mutation.mutate(photos);
  };
  return { ...mutation, reorder };
}

export const useCaptionPhoto = (property: string) =>
  useListMutation(property, ({ hash, caption }: { hash: string; caption: string }) =>
    api.request('PUT', MLS_LISTING_API.photoCaption(hash), {
      body: { property, caption },
      schema: ZListingPhotosResponseSchema,
    }),
  );

export const useDeletePhoto = (property: string) =>
  useListMutation(property, (hash: string) =>
    api.request(
      'DELETE',
      `${MLS_LISTING_API.photo(hash)}?property=${encodeURIComponent(property)}`,
      {
        schema: ZListingPhotosResponseSchema,
      },
    ),
  );
