import { LISTING_REVIEW_TEXTS, photoReasonKey, type TMlsListing } from '@lantern/contracts';
import { MLS_LISTING_TEXTS, PHOTO_TEXTS } from '@lantern/domain';
import { Alert, Button } from '@lantern/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { usePhotos } from '../../../../../features/listing-photos/api/photos.ts';
import { PhotoManager } from '../../../../../features/listing-photos/components/photo-manager.tsx';
import { listingQueryOptions } from '../../../../../features/mls-listing/api/listing.ts';
import { ReasonsNote } from '../../../../../features/mls-listing/components/return-reasons.tsx';
import { useListingSource } from '../../../../../features/mls-listing/listing-source.ts';
import { isStepOpen } from '../../../../../features/mls-listing/steps.ts';
import { StepFrame } from './step-frame.tsx';

/** Step 4: upload, order, caption and delete the listing's photos; every change saves at once. */
export function PhotosPage() {
  return (
    <StepFrame step="photos">
      {(listing, property) => <PhotosStep listing={listing} property={property} />}
    </StepFrame>
  );
}

/** The photos step's content: the owners' page and the concierge's (decision 065) share it. */
export function PhotosStep({ listing, property }: { listing: TMlsListing; property: string }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const source = useListingSource();
  const photos = usePhotos(source.photos, property);
  const [blocked, setBlocked] = useState(false);
  if (photos.isPending) return <p role="status">Loading…</p>;
  if (photos.isError)
    return <Alert tone="danger">We could not load the photos. Reload the page to try again.</Alert>;
  const list = photos.data.photos;
  const canEdit = photos.data.can_edit && listing.canEdit;
  const goOn = async () => {
    setBlocked(false);
    // Whether the step is done is the server's call: ask for the listing again before going on.
    // The concierge's next page (handing back) does not wait on the owners' payment step.
    if (source.key === 'concierge') return navigate(source.stepHref('payment', property));
    const fresh = await client.fetchQuery({
      ...listingQueryOptions(property, source),
      staleTime: 0,
    });
    if (fresh.listing && isStepOpen('payment', fresh.listing.completedSteps))
      navigate(source.stepHref('payment', property));
    else setBlocked(true);
  };
  return (
    <>
      <ReasonsNote reasons={listing.returnReasons} fields={['photos']} />
      <PhotoNotes reasons={listing.returnReasons} photos={list} />
      <PhotoManager
        paths={source.photos}
        property={property}
        photos={list}
        canEdit={canEdit}
        rules={PHOTO_TEXTS.rules}
      />
      {blocked ? <Alert tone="warning">{MLS_LISTING_TEXTS.finishStepFirst('photos')}</Alert> : null}
      <p className="ds-actions">
        <Button onClick={() => void goOn()}>{MLS_LISTING_TEXTS.saveAndContinue}</Button>
      </p>
    </>
  );
}

/**
 * Notes about single photos (the concierge's, decision 048), each named by its place and file
 * name as the list below shows them, so the customer finds the photo they are about.
 */
function PhotoNotes({
  reasons,
  photos,
}: {
  reasons: TMlsListing['returnReasons'];
  photos: ReadonlyArray<{ hash: string; fileName: string }>;
}) {
  const noted = photos
    .map((p, i) => ({ p, i, notes: reasons?.[photoReasonKey(p.hash)] ?? [] }))
    .filter((x) => x.notes.length > 0);
  if (noted.length === 0) return null;
  return (
    <div className="ds-return-reasons" role="note">
      <strong>{LISTING_REVIEW_TEXTS.fromOurTeam}</strong>
      <ul>
        {noted.flatMap(({ p, i, notes }) =>
          notes.map((n) => (
            <li key={`${p.hash}-${n}`}>
              Photo {i + 1} ({p.fileName}): {n}
            </li>
          )),
        )}
      </ul>
    </div>
  );
}
