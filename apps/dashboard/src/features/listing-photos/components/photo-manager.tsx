import type { TListingPhotosResponse } from '@lantern/contracts';
import type { PhotoApiPaths } from '@lantern/domain';
import { Alert } from '@lantern/ui';
import { useQueryClient } from '@tanstack/react-query';
import {
  photosQueryOptions,
  useCaptionPhoto,
  useDeletePhoto,
  useReorderPhotos,
} from '../api/photos.ts';
import { chosenOrder } from '../photo-checks.ts';
import { PhotoList } from './photo-list.tsx';
import { PhotoUploader } from './photo-uploader.tsx';

/**
 * A listing's photos as one piece, for the MLS and the FSBO builders alike: the uploader (keeping
 * each batch in the order chosen), how ordering works, and the list with its reorder, caption and
 * delete — every change saved at once on the listing's own photo routes (`paths`).
 */
export function PhotoManager({
  paths,
  property,
  photos,
  canEdit,
  rules,
}: {
  paths: PhotoApiPaths;
  property: string;
  photos: TListingPhotosResponse['photos'];
  canEdit: boolean;
  /** The listing's photo rules, shown beside the uploader. */
  rules: readonly string[];
}) {
  const client = useQueryClient();
  const reorder = useReorderPhotos(paths, property);
  const caption = useCaptionPhoto(paths, property);
  const remove = useDeletePhoto(paths, property);
  const keepChosenOrder = (batch: string[]) => {
    const current =
      client
        .getQueryData(photosQueryOptions(paths, property).queryKey)
        ?.photos.map((p) => p.hash) ?? [];
    const next = chosenOrder(current, batch);
    if (next) reorder.reorder(next);
  };
  return (
    <>
      {canEdit ? (
        <PhotoUploader
          paths={paths}
          property={property}
          existing={photos.length}
          rules={rules}
          onStored={keepChosenOrder}
        />
      ) : null}
      <h2>Your photos</h2>
      <p className="ds-muted">
        The first photo is the primary one. Drag a photo by its Move button, or focus Move and use
        Space and the arrow keys, to change the order; it is saved at once.
      </p>
      {reorder.isError ? <Alert tone="danger">{reorder.error.message}</Alert> : null}
      <PhotoList
        photos={photos}
        canEdit={canEdit}
        onReorder={reorder.reorder}
        onCaption={(hash, text) => caption.mutateAsync({ hash, caption: text })}
        onDelete={(hash) => remove.mutateAsync(hash)}
      />
    </>
  );
}
