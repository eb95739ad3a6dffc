import type { TFsboListing } from '@lantern/contracts';
import {
  ApiError,
  dashboardHref,
  FSBO_LISTING_STEP_LABELS,
  FSBO_LISTING_TEXTS as T,
  type TFsboListingStep,
} from '@lantern/domain';
import { Alert } from '@lantern/ui';
import type { ComponentType, ReactNode } from 'react';
import { Link, Navigate } from 'react-router';
import { PageFrame } from '../../../../../components/page-frame.tsx';
import { useFsboListing } from '../../../../../features/fsbo-listing/api/listing.ts';
import { FsboStepProgress } from '../../../../../features/fsbo-listing/components/fsbo-step-progress.tsx';
import { fsboStepHref, isFsboStepOpen } from '../../../../../features/fsbo-listing/steps.ts';
import { useCurrentProperty } from '../../../../../features/properties/hooks/use-current-property.ts';
import { PropertyContext } from '../property-context.tsx';

/** The listing loaded for the current property, or the page that says why not. */
function useListingOrPage(title: string) {
  const { entry, hash, loaded } = useCurrentProperty();
  const listing = useFsboListing(entry?.hash ?? null);
  const data = listing.data?.listing;
  let page: ReactNode = null;
  if (!entry) {
    page = (
      <PageFrame title={title}>
        {loaded || !hash ? (
          <p>Choose a property in the menu above to list it for sale by owner.</p>
        ) : (
          <p role="status">Loading…</p>
        )}
      </PageFrame>
    );
  } else if (listing.isPending) {
    page = (
      <PageFrame title={title}>
        <p role="status">Loading…</p>
      </PageFrame>
    );
  } else if (!data) {
    const message =
      listing.error instanceof ApiError && listing.error.status < 500
        ? listing.error.message
        : 'We could not load this listing. Reload the page to try again.';
    page = (
      <PageFrame title={title}>
        <PropertyContext entry={entry} />
        <Alert tone="danger">{message}</Alert>
        <p>
          <Link to={dashboardHref('overview', entry.hash)}>Go to the property's overview</Link>
        </p>
      </PageFrame>
    );
  }
  return { entry, data, page };
}

/**
 * /dashboard/fsbo-listing?property=: the builder's entry. Sends the seller to where they left
 * off (the first step not done), or to Manage once the listing has been published.
 */
export function FsboListingEntryPage() {
  const { entry, data, page } = useListingOrPage(T.title);
  if (page || !data || !entry) return page;
  return <Navigate replace to={fsboStepHref(data.nextStep, entry.hash)} />;
}

/**
 * One step of /dashboard/fsbo-listing/{step}?property={hash}: the listing loaded, the progress
 * indicator, and the step's own content. A step not open yet sends the seller to the first
 * unfinished one (resuming lands there too).
 */
export function FsboStepFrame({
  step,
  children,
}: {
  step: TFsboListingStep;
  children: (listing: TFsboListing, property: string) => ReactNode;
}) {
  const { entry, data, page } = useListingOrPage(`${T.title}: ${FSBO_LISTING_STEP_LABELS[step]}`);
  if (page || !data || !entry) return page;
  if (!isFsboStepOpen(step, data.completedSteps)) {
    return <Navigate replace to={fsboStepHref(data.nextStep, entry.hash)} />;
  }
  return (
    <PageFrame title={`${T.title}: ${FSBO_LISTING_STEP_LABELS[step]}`}>
      <PropertyContext entry={entry} />
      <FsboStepProgress current={step} completed={data.completedSteps} property={entry.hash} />
      {!data.canEdit ? <Alert tone="info">{T.readOnly}</Alert> : null}
      {data.status === 'published' && step !== 'manage' && step !== 'review' ? (
        <Alert tone="info">{T.changesGoLive}</Alert>
      ) : null}
      {children(data, entry.hash)}
    </PageFrame>
  );
}

/** The frame's children for a step whose page is one form of the listing. */
export const stepForm =
  (Form: ComponentType<{ listing: TFsboListing; property: string }>) =>
  (listing: TFsboListing, property: string) => <Form listing={listing} property={property} />;
