import {
  LISTING_LIFECYCLE_TEXTS,
  LISTING_REVIEW_TEXTS,
  type TMlsListing,
} from '@lantern/contracts';
import {
  ApiError,
  dashboardHref,
  MLS_LISTING_STEP_LABELS,
  MLS_LISTING_TEXTS,
  type TMlsListingStep,
} from '@lantern/domain';
import { Alert } from '@lantern/ui';
import type { ReactNode } from 'react';
import { Link, Navigate } from 'react-router';
import { PageFrame } from '../../../../../components/page-frame.tsx';
import { useMlsListing } from '../../../../../features/mls-listing/api/listing.ts';
import { ConciergeState } from '../../../../../features/mls-listing/components/concierge-changes.tsx';
import { ReasonsNote } from '../../../../../features/mls-listing/components/return-reasons.tsx';
import { StepProgress } from '../../../../../features/mls-listing/components/step-progress.tsx';
import { useListingEvents } from '../../../../../features/mls-listing/hooks/use-listing-events.ts';
import { isStepOpen, stepHref } from '../../../../../features/mls-listing/steps.ts';
import { useCurrentProperty } from '../../../../../features/properties/hooks/use-current-property.ts';
import { PropertyContext } from '../property-context.tsx';

/** The steps where the listing itself is edited (closed once it is submitted). */
const BUILDING_STEPS: readonly TMlsListingStep[] = ['location', 'form', 'services', 'photos'];

/**
 * One step of /dashboard/mls-listing/{step}?property={hash}: the listing loaded, the progress
 * indicator, and the step's own content. A step not open yet sends the person to the first
 * unfinished one (resuming lands there too); `isOpen` lets a step open on its own terms (the
 * review step shows a sent-back listing's reasons). A staff decision (ListingUpdated) shows
 * without a reload.
 */
export function StepFrame({
  step,
  isOpen,
  children,
}: {
  step: TMlsListingStep;
  isOpen?: (listing: TMlsListing) => boolean;
  children: (listing: TMlsListing, property: string) => ReactNode;
}) {
  const { entry, hash, loaded } = useCurrentProperty();
  const listing = useMlsListing(entry?.hash ?? null);
  useListingEvents(entry?.hash ?? null);
  const data = listing.data?.listing;
  const title = `${MLS_LISTING_TEXTS.title}: ${MLS_LISTING_STEP_LABELS[step]}`;

  if (!entry) {
    return (
      <PageFrame title={title}>
        {loaded || !hash ? (
          <p>Choose a property in the menu above to build its listing.</p>
        ) : (
          <p role="status">Loading…</p>
        )}
      </PageFrame>
    );
  }
  if (listing.isPending) {
    return (
      <PageFrame title={title}>
        <p role="status">Loading…</p>
      </PageFrame>
    );
  }
  if (!data) {
    // No order (or a cancelled one) is an empty state the server answers with 200, not an error.
    const notOrdered = listing.data?.notOrdered;
    const message =
      notOrdered?.message ??
      (listing.error instanceof ApiError && listing.error.status < 500
        ? listing.error.message
        : 'We could not load this listing. Reload the page to try again.');
    return (
      <PageFrame title={title}>
        <PropertyContext entry={entry} />
        <Alert tone={notOrdered ? 'info' : 'danger'}>{message}</Alert>
        <p>
          <Link to={dashboardHref('mls-listing', entry.hash)}>Go to MLS Listing</Link>
        </p>
      </PageFrame>
    );
  }
  if (!(isOpen?.(data) ?? isStepOpen(step, data.completedSteps))) {
    return <Navigate replace to={stepHref(data.nextStep ?? 'location', entry.hash)} />;
  }
  return (
    <PageFrame title={title}>
      <PropertyContext entry={entry} />
      <StepProgress current={step} completed={data.completedSteps} property={entry.hash} />
      {data.status !== 'draft' && data.status !== 'returned' && BUILDING_STEPS.includes(step) ? (
        <Alert tone="info">{MLS_LISTING_TEXTS.submitted}</Alert>
      ) : null}
      {data.status === 'returned' && step !== 'review' ? (
        <Alert tone="warning">
          <p>{LISTING_LIFECYCLE_TEXTS.returned}</p>
          <ReasonsNote reasons={data.returnReasons} fields={['listing']} />
          <p>
            <Link to={stepHref('review', entry.hash)}>{LISTING_REVIEW_TEXTS.seeWhatToFix}</Link>
          </p>
        </Alert>
      ) : null}
      <ConciergeState listing={data} property={entry.hash} />
      {!data.canEdit && !data.concierge.heldBy ? (
        <Alert tone="info">{MLS_LISTING_TEXTS.readOnly}</Alert>
      ) : null}
      {children(data, entry.hash)}
    </PageFrame>
  );
}
