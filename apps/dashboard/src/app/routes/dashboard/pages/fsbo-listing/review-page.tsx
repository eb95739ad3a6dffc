import {
  LISTING_SYNDICATION_DEFAULTS,
  LISTING_SYNDICATION_TEXTS as LS,
  type TFsboListing,
} from '@lantern/contracts';
import { FSBO_LISTING_API, FSBO_LISTING_TEXTS as T } from '@lantern/domain';
import { Alert } from '@lantern/ui';
import { useNavigate } from 'react-router';
import { SyndicationForm } from '../../../../../components/syndication-form.tsx';
import { usePublish } from '../../../../../features/fsbo-listing/api/listing.ts';
import { fsboStepHref } from '../../../../../features/fsbo-listing/steps.ts';
import { ListingSummary } from './listing-summary.tsx';
import { FsboStepFrame } from './step-frame.tsx';

/**
 * Step 5: the listing page as it will look (the public renderer's preview, in a frame), what will
 * be published, the fair-housing warnings, and Publish (free, at once).
 */
export function FsboReviewPage() {
  return (
    <FsboStepFrame step="review">
      {(listing, property) => <Review listing={listing} property={property} />}
    </FsboStepFrame>
  );
}

function Review({ listing, property }: { listing: TFsboListing; property: string }) {
  const navigate = useNavigate();
  const publish = usePublish();
  const published = listing.status === 'published';
  return (
    <>
      {listing.warnings.length > 0 ? (
        <ul className="ds-warnings">
          {listing.warnings.map((w) => (
            <li key={`${w.field}-${w.phrase}`} className="ln-alert ln-alert--warning">
              {w.message}
            </li>
          ))}
        </ul>
      ) : null}
      <section aria-labelledby="preview-title">
        <h2 id="preview-title">{T.previewTitle}</h2>
        {/* Our own page from our own template, with the public page's scripts (gallery, map). */}
        <iframe
          className="ds-preview-frame"
          title={T.previewTitle}
          src={`${FSBO_LISTING_API.preview}?property=${encodeURIComponent(property)}`}
        />
      </section>
      <ListingSummary listing={listing} />
      {listing.publishNeeds.length > 0 ? (
        <Alert tone="warning">
          <p>{T.publishNeeds}</p>
          <ul>
            {listing.publishNeeds.map((need) => (
              <li key={need}>{need}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      {published ? (
        <Alert tone="success">{T.published}</Alert>
      ) : listing.canEdit ? (
        // Publishing carries the seller's choice of where else the listing may appear (issue 49).
        <SyndicationForm
          value={listing.syndication ?? LISTING_SYNDICATION_DEFAULTS}
          label={LS.legend}
          submitLabel={listing.status === 'unpublished' ? T.republish : T.publish}
          onSave={async (syndication) => {
            await publish.mutateAsync({ property, syndication });
            navigate(fsboStepHref('manage', property));
          }}
        />
      ) : null}
    </>
  );
}
