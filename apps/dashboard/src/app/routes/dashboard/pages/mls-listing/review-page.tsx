import {
  LISTING_LIFECYCLE_TEXTS as LT,
  LISTING_REVIEW_TEXTS as RT,
  returnReasonLabel,
  returnReasonStep,
  type TMlsListing,
} from '@lantern/contracts';
import { CONCIERGE_TEXTS, MLS_LISTING_STEP_LABELS } from '@lantern/domain';
import { Alert } from '@lantern/ui';
import { Link } from 'react-router';
import { isStepOpen, stepHref } from '../../../../../features/mls-listing/steps.ts';
import { StepFrame } from './step-frame.tsx';

const DAY = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

/**
 * Step 7 (issue 18): where the listing stands with our team — in review, sent back with what to
 * fix and where, cannot be listed, or live with its MLS number. It opens once the listing has
 * left draft, also when sent back (its signatures are to be given again, so the sign step is not
 * done), so the reasons are one click from every step.
 */
export function ReviewPage() {
  return (
    <StepFrame
      step="review"
      isOpen={(l) => l.status !== 'draft' || isStepOpen('review', l.completedSteps)}
    >
      {(listing, property) => <Review listing={listing} property={property} />}
    </StepFrame>
  );
}

function Review({ listing, property }: { listing: TMlsListing; property: string }) {
  return (
    <section aria-labelledby="review-title" aria-live="polite">
      <h2 id="review-title">{LT.reviewTitle}</h2>
      <ReviewState listing={listing} property={property} />
    </section>
  );
}

function ReviewState({ listing, property }: { listing: TMlsListing; property: string }) {
  switch (listing.status) {
    case 'submitted':
      return <p>{LT.inReview}</p>;
    case 'concierge':
      return <p>{CONCIERGE_TEXTS.withConcierge}</p>;
    case 'returned':
      return (
        <>
          <p>{LT.returned}</p>
          <ul className="ds-review-reasons">
            {Object.entries(listing.returnReasons ?? {}).flatMap(([field, reasons]) => {
              const step = returnReasonStep(field);
              return reasons.map((reason) => (
                <li key={`${field}-${reason}`}>
                  <strong>{returnReasonLabel(field)}:</strong> {reason}{' '}
                  {step && listing.canEdit ? (
                    <Link to={stepHref(step, property)}>
                      {RT.fixOn(MLS_LISTING_STEP_LABELS[step])}
                    </Link>
                  ) : null}
                </li>
              ));
            })}
          </ul>
        </>
      );
    case 'rejected':
      return <Alert tone="warning">{LT.rejected(listing.rejectedReason ?? '')}</Alert>;
    case 'live':
      return (
        <>
          <Alert tone="success">
            {LT.live(listing.mlsNumber ?? '', listing.board?.name ?? 'the MLS')}
            {listing.liveAt ? ` ${RT.liveSince(DAY.format(new Date(listing.liveAt)))}` : ''}
          </Alert>
          <p>
            <Link to={stepHref('manage', property)}>{RT.manageLink}</Link>
          </p>
        </>
      );
    default:
      return <p>{RT.notYetSubmitted}</p>;
  }
}
