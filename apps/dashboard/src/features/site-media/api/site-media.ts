import {
  type TUpdateSiteMediaRequest,
  ZAdminSiteMediaListSchema,
  ZAdminSiteMediaSchema,
} from '@lantern/contracts';
import { SITE_MEDIA_API } from '@lantern/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const siteMediaKey = ['admin', 'site-media'] as const;

/** The sample photography, published or not, in the order /photography shows it. */
export function useSiteMedia() {
  return useQuery({
    queryKey: siteMediaKey,
    queryFn: ({ signal }) =>
      api.get(SITE_MEDIA_API.list, { schema: ZAdminSiteMediaListSchema, signal }),
  });
}

/** One photo with its alt text and caption: added unpublished at the end. */
export function useUploadSiteMedia() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, alt, caption }: { file: File; alt: string; caption: string }) => {
      const form = new FormData();
      // The text first: the server reads the parts in order.
      form.append('kind', 'photography-sample');
      form.append('alt', alt);
      form.append('caption', caption);
      form.append('file', file);
      return api.upload(SITE_MEDIA_API.list, form, { schema: ZAdminSiteMediaSchema });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: siteMediaKey }),
  });
}

/** Change alt text or caption, or publish or unpublish. */
export function useUpdateSiteMedia() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ hash, change }: { hash: string; change: TUpdateSiteMediaRequest }) =>
      api.request('PUT', SITE_MEDIA_API.photo(hash), {
        body: change,
        schema: ZAdminSiteMediaSchema,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: siteMediaKey }),
  });
}

/** One place earlier or later; answers the new order. */
export function useMoveSiteMedia() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ hash, direction }: { hash: string; direction: 'up' | 'down' }) =>
      api.post(SITE_MEDIA_API.move(hash), { direction }, { schema: ZAdminSiteMediaListSchema }),
    onSuccess: (list) => client.setQueryData(siteMediaKey, list),
  });
}

/** Delete a photo and its files. */
export function useDeleteSiteMedia() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (hash: string) => api.request('DELETE', SITE_MEDIA_API.photo(hash)),
    onSuccess: () => client.invalidateQueries({ queryKey: siteMediaKey }),
  });
}
