import {
  MLS_LISTING_API,
  MLS_LISTING_TEXTS,
  PHOTO_TEXTS,
  type TMlsListing,
} from '@lantern/contracts';
import { Alert, Button } from '@lantern/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  photosQueryOptions,
  useCaptionPhoto,
  useDeletePhoto,
  usePhotos,
  useReorderPhotos,
} from '../../../../../features/listing-photos/api/photos.ts';
import { PhotoList } from '../../../../../features/listing-photos/components/photo-list.tsx';
import { PhotoUploader } from '../../../../../features/listing-photos/components/photo-uploader.tsx';
import { chosenOrder } from '../../../../../features/listing-photos/photo-checks.ts';
import { listingQueryOptions } from '../../../../../features/mls-listing/api/listing.ts';
import { ReasonsNote } from '../../../../../features/mls-listing/components/return-reasons.tsx';
import { isStepOpen, stepHref } from '../../../../../features/mls-listing/steps.ts';
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
  const photos = usePhotos(MLS_LISTING_API, property);
  const reorder = useReorderPhotos(MLS_LISTING_API, property);
  const caption = useCaptionPhoto(MLS_LISTING_API, property);
  const remove = useDeletePhoto(MLS_LISTING_API, property);
  const [blocked, setBlocked] = useState(false);
  if (photos.isPending) return <p role="status">Loading…</p>;
  if (photos.isError)
    return <Alert tone="danger">We could not load the photos. Reload the page to try again.</Alert>;
  const list = photos.data.photos;
  const canEdit = photos.data.can_edit && listing.canEdit;
  const goOn = async () => {
    setBlocked(false);
    // Whether the step is done is the server's call: ask for the listing again before going on.
    const fresh = await client.fetchQuery({ ...listingQueryOptions(property), staleTime: 0 });
    if (isStepOpen('payment', fresh.listing.completedSteps))
      navigate(stepHref('payment', property));
    else setBlocked(true);
  };
  const keepChosenOrder = (batch: string[]) => {
    const current =
      client
        .getQueryData(photosQueryOptions(MLS_LISTING_API, property).queryKey)
        ?.photos.map((p) => p.hash) ?? [];
    const next = chosenOrder(current, batch);
    if (next) reorder.reorder(next);
  };
  return (
    <>
      <ReasonsNote reasons={listing.returnReasons} fields={['photos']} />
      {canEdit ? (
        <PhotoUploader
          paths={MLS_LISTING_API}
          property={property}
          existing={list.length}
          rules={PHOTO_TEXTS.rules}
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
        photos={list}
        canEdit={canEdit}
        onReorder={reorder.reorder}
        onCaption={(hash, text) => caption.mutateAsync({ hash, caption: text })}
        onDelete={(hash) => remove.mutateAsync(hash)}
      />
      {blocked ? <Alert tone="warning">{MLS_LISTING_TEXTS.finishStepFirst('photos')}</Alert> : null}
      <p className="ds-actions">
        <Button onClick={() => void goOn()}>{MLS_LISTING_TEXTS.saveAndContinue}</Button>
      </p>
    </>
  );
}
