import { type TListingPhotosResponse, ZListingPhotosResponseSchema } from '@lantern/contracts';
import type { PhotoApiPaths } from '@lantern/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** Keyed by the listing's photo path too: an MLS and an FSBO listing of one property differ. */
export const photosKey = (paths: PhotoApiPaths, property: string) =>
  ['dashboard', 'listing-photos', paths.photos, property] as const;

/** While any photo is still being processed, ask again this often. */
const PROCESSING_POLL_MS = 2000;

export const photosQueryOptions = (paths: PhotoApiPaths, property: string) =>
  queryOptions({
    queryKey: photosKey(paths, property),
    queryFn: ({ signal }) =>
      api.get(`${paths.photos}?property=${encodeURIComponent(property)}`, {
        schema: ZListingPhotosResponseSchema,
        signal,
      }),
    refetchInterval: (query) =>
      query.state.data?.photos.some((p) => p.status === 'processing') ? PROCESSING_POLL_MS : false,
  });

/** The listing's photos in their order; polled until none is processing. */
export const usePhotos = (paths: PhotoApiPaths, property: string) =>
  useQuery(photosQueryOptions(paths, property));

/** The order, caption and delete routes answer with the whole list, which replaces the cache. */
function useListMutation<V>(
  paths: PhotoApiPaths,
  property: string,
  send: (vars: V) => Promise<TListingPhotosResponse>,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (data) => client.setQueryData(photosKey(paths, property), data),
    onError: () => client.invalidateQueries({ queryKey: photosKey(paths, property) }),
  });
}

export function useReorderPhotos(paths: PhotoApiPaths, property: string) {
  const client = useQueryClient();
  const mutation = useListMutation(paths, property, (photos: string[]) =>
    api.request('PUT', paths.photosOrder, {
      body: { property, photos },
      schema: ZListingPhotosResponseSchema,
    }),
  );
  /** Shows the new order at once, then sends it. */
  const reorder = (photos: string[]) => {
    client.setQueryData(photosKey(paths, property), (old: TListingPhotosResponse | undefined) =>
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

export const useCaptionPhoto = (paths: PhotoApiPaths, property: string) =>
  useListMutation(paths, property, ({ hash, caption }: { hash: string; caption: string }) =>
    api.request('PUT', paths.photoCaption(hash), {
      body: { property, caption },
      schema: ZListingPhotosResponseSchema,
    }),
  );

export const useDeletePhoto = (paths: PhotoApiPaths, property: string) =>
  useListMutation(paths, property, (hash: string) =>
    api.request('DELETE', `${paths.photo(hash)}?property=${encodeURIComponent(property)}`, {
      schema: ZListingPhotosResponseSchema,
    }),
  );
