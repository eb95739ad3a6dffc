import {
  PHOTO_SHOOT_API,
  ZPhotoShootResponseSchema,
  ZPhotoShootUploadResponseSchema,
} from '@lantern/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { vendorWorkOrdersKey } from './work-orders.ts';

const shootKey = (hash: string) => [...vendorWorkOrdersKey, 'shoot', hash] as const;

/** The shoot of one's own photography work order; looked at again while photos are processed. */
export function useVendorShoot(hash: string) {
  return useQuery({
    queryKey: shootKey(hash),
    queryFn: ({ signal }) =>
      api.get(PHOTO_SHOOT_API.vendor(hash), { schema: ZPhotoShootResponseSchema, signal }),
    refetchInterval: (query) =>
      query.state.data?.shoot.photos.some((p) => p.status === 'processing') ? 1500 : false,
  });
}

/** Refresh the shoot with an answer the server gave. */
function useSetShoot(hash: string) {
  const client = useQueryClient();
  return (data: { shoot: unknown }) => client.setQueryData(shootKey(hash), data);
}

export function useAgreeLicence(hash: string) {
  const set = useSetShoot(hash);
  return useMutation({
    mutationFn: () =>
      api.post(
        PHOTO_SHOOT_API.vendorLicence(hash),
        { agree: true },
        {
          schema: ZPhotoShootResponseSchema,
        },
      ),
    onSuccess: set,
  });
}

export function useSubmitShoot(hash: string) {
  const set = useSetShoot(hash);
  return useMutation({
    mutationFn: () =>
      api.post(PHOTO_SHOOT_API.vendorSubmit(hash), {}, { schema: ZPhotoShootResponseSchema }),
    onSuccess: set,
  });
}

export function useDeleteShootPhoto(hash: string) {
  const set = useSetShoot(hash);
  return useMutation({
    mutationFn: (photo: string) =>
      api.request('DELETE', PHOTO_SHOOT_API.vendorPhoto(hash, photo), {
        schema: ZPhotoShootResponseSchema,
      }),
    onSuccess: set,
  });
}

/**
 * One file up as multipart/form-data: the page sends each file alone, so a dropped connection
 * costs only that file, which the page offers to send again. Rejects with an ApiError in words.
 */
export function uploadShootPhoto(hash: string, file: File) {
  const form = new FormData();
  form.append('files', file, file.name);
  return api.upload(PHOTO_SHOOT_API.vendorPhotos(hash), form, {
    schema: ZPhotoShootUploadResponseSchema,
  });
}

export const useShootKey = shootKey;
