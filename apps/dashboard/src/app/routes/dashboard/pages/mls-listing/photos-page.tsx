import { MLS_LISTING_TEXTS, type TMlsListing } from '@lantern/contracts';
import { Alert, Button } from '@lantern/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { listingKey } from '../../../../../features/mls-listing/api/listing.ts';
import {
  useCaptionPhoto,
  useDeletePhoto,
  usePhotos,
  useReorderPhotos,
} from '../../../../../features/mls-listing/api/photos.ts';
import { PhotoList } from '../../../../../features/mls-listing/components/photo-list.tsx';
import { PhotoUploader } from '../../../../../features/mls-listing/components/photo-uploader.tsx';
import { stepHref } from '../../../../../features/mls-listing/steps.ts';
import { StepFrame } from './step-frame.tsx';

/** Step 4: upload, order, caption and delete the listing's photos; every change saves at once. */
export function PhotosPage() {
  return (
    <StepFrame step="photos">
      {(listing, property) => <PhotosStep listing={listing} property={property} />}
    </StepFrame>
  );
}

function PhotosStep({ listing, property }: { listing: TMlsListing; property: string }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const photos = usePhotos(property);
  const reorder = useReorderPhotos(property);
  const caption = useCaptionPhoto(property);
  const remove = useDeletePhoto(property);
  if (photos.isPending) return <p role="status">Loading…</p>;
  if (photos.isError)
    return <Alert tone="danger">We could not load the photos. Reload the page to try again.</Alert>;
  const list = photos.data.photos;
  const canEdit = photos.data.can_edit && listing.canEdit;
  const goOn = async () => {
    // Whether the step counts as done is the server's call: read the listing again first.
    await client.invalidateQueries({ queryKey: listingKey(property) });
    navigate(stepHref('payment', property));
  };
  return (
    <>
      {canEdit ? <PhotoUploader property={property} existing={list.length} /> : null}
      <h2>Your photos</h2>
      <p className="ds-muted">
        The first photo is the primary one. Drag a photo by its Move button, or focus Move and use
        Space and the arrow keys, to change the order; it is saved at once.
      </p>
      {reorder.isError ? <Alert tone="danger">{reorder.error.message}</Alert> : null}
      <PhotoList
        photos={list}
        canEdit={canEdit}
        onReorder={reorder.reorder}
        onCaption={(hash, text) => caption.mutateAsync({ hash, caption: text })}
        onDelete={(hash) => remove.mutateAsync(hash)}
      />
      <p className="ds-actions">
        <Button onClick={() => void goOn()}>{MLS_LISTING_TEXTS.saveAndContinue}</Button>
      </p>
    </>
  );
}
