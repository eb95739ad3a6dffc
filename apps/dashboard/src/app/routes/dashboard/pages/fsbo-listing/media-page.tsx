import type { TFsboListing } from '@lantern/contracts';
import { FSBO_LISTING_API, FSBO_LISTING_TEXTS as T } from '@lantern/domain';
import { Alert, Button } from '@lantern/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { fsboListingQueryOptions } from '../../../../../features/fsbo-listing/api/listing.ts';
import { fsboStepHref, isFsboStepOpen } from '../../../../../features/fsbo-listing/steps.ts';
import { usePhotos } from '../../../../../features/listing-photos/api/photos.ts';
import { PhotoManager } from '../../../../../features/listing-photos/components/photo-manager.tsx';
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
  return (
    <>
      <PhotoManager
        paths={PATHS}
        property={property}
        photos={list}
        canEdit={canEdit}
        rules={T.photoRules}
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
