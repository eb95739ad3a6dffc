import {
  PHOTO_SHOOT_API,
  type TUsePhotosRequest,
  ZPhotographyGallerySchema,
  ZUsePhotosResponseSchema,
} from '@lantern/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

const galleryKey = (property: string) => ['photography', property] as const;

/** The photographs delivered for the property, and the listing they can go into. */
export function usePhotography(property: string) {
  return useQuery({
    queryKey: galleryKey(property),
    queryFn: ({ signal }) =>
      api.get(`${PHOTO_SHOOT_API.gallery}?property=${encodeURIComponent(property)}`, {
        schema: ZPhotographyGallerySchema,
        signal,
      }),
  });
}

/** "Use in my listing": the listing's photo pages and the gallery's room are read again after. */
export function useUsePhotos(property: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<TUsePhotosRequest, 'property'>) =>
      api.post(PHOTO_SHOOT_API.use, { ...body, property }, { schema: ZUsePhotosResponseSchema }),
    onSuccess: async () => {
      // Keys by prefix: the listing photo lists and the listings (features may not import each
      // other, so the prefixes are named here).
      await client.invalidateQueries({ queryKey: galleryKey(property) });
      await client.invalidateQueries({ queryKey: ['dashboard', 'listing-photos'] });
      await client.invalidateQueries({ queryKey: ['dashboard', 'mls-listing'] });
      await client.invalidateQueries({ queryKey: ['dashboard', 'fsbo-listing'] });
    },
  });
}
