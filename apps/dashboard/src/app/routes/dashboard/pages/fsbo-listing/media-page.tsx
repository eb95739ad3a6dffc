import { FSBO_LISTING_API, FSBO_LISTING_TEXTS as T, type TFsboListing } from '@lantern/contracts';
import { Alert, Button } from '@lantern/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { fsboListingQueryOptions } from '../../../../../features/fsbo-listing/api/listing.ts';
import { fsboStepHref, isFsboStepOpen } from '../../../../../features/fsbo-listing/steps.ts';
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
import { FsboStepFrame } from './step-frame.tsx';

const PATHS = FSBO_LISTING_API;

/** Step 4: the MLS listing's uploader and photo list, on the FSBO listing's photo routes. */
export function FsboMediaPage() {
  return (
    <FsboStepFrame step="media">
      {(listing, property) => <MediaStep listing={listing} property={property} />}
    </FsboStepFrame>
  );
}

function MediaStep({ listing, property }: { listing: TFsboListing; property: string }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const photos = usePhotos(PATHS, property);
  const reorder = useReorderPhotos(PATHS, property);
  const caption = useCaptionPhoto(PATHS, property);
  const remove = useDeletePhoto(PATHS, property);
  const [blocked, setBlocked] = useState(false);
  if (photos.isPending) return <p role="status">Loading…</p>;
  if (photos.isError)
    return <Alert tone="danger">We could not load the photos. Reload the page to try again.</Alert>;
  const list = photos.data.photos;
  const canEdit = photos.data.can_edit && listing.canEdit;
  const published = listing.status !== 'draft';
  const goOn = async () => {
    setBlocked(false);
    // Whether the step is done is the server's call (a photo must be processed first).
    const fresh = await client.fetchQuery({ ...fsboListingQueryOptions(property), staleTime: 0 });
    if (isFsboStepOpen('review', fresh.listing.completedSteps))
      navigate(fsboStepHref(published ? 'manage' : 'review', property));
    else setBlocked(true);
  };
  const keepChosenOrder = (batch: string[]) => {
    const current =
      client
        .getQueryData(photosQueryOptions(PATHS, property).queryKey)
        ?.photos.map((p) => p.hash) ?? [];
    const next = chosenOrder(current, batch);
    if (next) reorder.reorder(next);
  };
  return (
    <>
      {canEdit ? (
        <PhotoUploader
          paths={PATHS}
          property={property}
          existing={list.length}
          rules={T.photoRules}
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
      {blocked ? <Alert tone="warning">{T.needsPhoto}</Alert> : null}
      <p className="ds-actions">
        <Button onClick={() => void goOn()}>
          {published ? 'Back to Manage' : T.saveAndContinue}
        </Button>
      </p>
    </>
  );
}
