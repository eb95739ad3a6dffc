import {
  CONCIERGE_LISTING_TEXTS as CL,
  CONCIERGE_DRAFT_API,
  CONCIERGE_DRAFT_PAGES,
  MLS_LISTING_STATUS_LABELS,
  type TMlsListing,
} from '@lantern/contracts';
import type { TMlsListingStep } from '@lantern/domain';
import { CONCIERGE_PAGES } from '@lantern/domain';
import { Alert, Button } from '@lantern/ui';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import {
  useHandOverDraft,
  useMlsListing,
  useTakeDraft,
} from '../../../features/mls-listing/api/listing.ts';
import {
  type ListingSource,
  ListingSourceContext,
} from '../../../features/mls-listing/listing-source.ts';
import { ListingForm } from '../dashboard/pages/mls-listing/form-page.tsx';
import { LocationForm } from '../dashboard/pages/mls-listing/location-page.tsx';
import { PhotosStep } from '../dashboard/pages/mls-listing/photos-page.tsx';
import { PhotographerPhotos } from './concierge-draft-photography.tsx';

type DraftStep = 'location' | 'form' | 'photos' | 'handover';
const STEPS: ReadonlyArray<readonly [DraftStep, string]> = [
  ['location', 'Location'],
  ['form', 'Listing details'],
  ['photos', 'Photos'],
  ['handover', 'Hand back'],
];

/** The owners' steps mapped to the concierge's: services and payment are the owners' own. */
const draftStep = (step: TMlsListingStep): DraftStep =>
  step === 'location' || step === 'form' || step === 'photos'
    ? step
    : step === 'services'
      ? 'photos'
      : 'handover';
const draftHref = (step: DraftStep, property: string) =>
  `${CONCIERGE_DRAFT_PAGES.step(step)}?property=${encodeURIComponent(property)}`;

const CONCIERGE_SOURCE: ListingSource = {
  key: 'concierge',
  listing: CONCIERGE_DRAFT_API.listing,
  location: CONCIERGE_DRAFT_API.location,
  form: CONCIERGE_DRAFT_API.form,
  photos: CONCIERGE_DRAFT_API,
  stepHref: (step, property) => draftHref(draftStep(step), property),
};

/**
 * /vendor/concierge/draft/{step}?property={hash} (issue 39; decision 065): the assigned
 * concierge works on the owners' MLS listing draft with the builder's own step pages, then hands
 * it back for the owners to review and sign.
 */
export function ConciergeDraftPage() {
  const { step = 'form' } = useParams();
  const [params] = useSearchParams();
  const property = params.get('property') ?? '';
  const current = STEPS.find(([s]) => s === step)?.[0] ?? 'form';
  return (
    <ListingSourceContext.Provider value={CONCIERGE_SOURCE}>
      <Draft step={current} property={property} />
    </ListingSourceContext.Provider>
  );
}

function Draft({ step, property }: { step: DraftStep; property: string }) {
  const listing = useMlsListing(property);
  if (listing.isPending) return <p role="status">Loading…</p>;
  const data = listing.data?.listing;
  if (listing.isError || !data)
    return <Alert tone="danger">{listing.error?.message ?? 'This listing was not found.'}</Alert>;
  const label = STEPS.find(([s]) => s === step)?.[1] ?? '';
  return (
    <>
      <p>
        <Link to={CONCIERGE_PAGES.list}>Your listings</Link>
      </p>
      <h1>
        Concierge listing: {data.property.streetAddress}, {data.property.city}{' '}
        <span className="adm-status">{MLS_LISTING_STATUS_LABELS[data.status]}</span>
      </h1>
      <p>{CL.draftIntro}</p>
      <nav aria-label="Draft steps">
        <ol className="ds-draft-steps">
          {STEPS.map(([s, text]) => (
            <li key={s}>
              <Link to={draftHref(s, property)} aria-current={s === step ? 'page' : undefined}>
                {text}
              </Link>
            </li>
          ))}
        </ol>
      </nav>
      <Hold listing={data} property={property} />
      <h2>{label}</h2>
      {step === 'location' ? <LocationForm listing={data} property={property} /> : null}
      {step === 'form' ? <ListingForm listing={data} property={property} /> : null}
      {step === 'photos' ? (
        <>
          <PhotographerPhotos property={property} canEdit={data.canEdit} />
          <PhotosStep listing={data} property={property} />
        </>
      ) : null}
      {step === 'handover' ? <HandOver listing={data} property={property} /> : null}
    </>
  );
}

/** Who holds the draft, and "Work on this draft" while nobody does. */
function Hold({ listing, property }: { listing: TMlsListing; property: string }) {
  const take = useTakeDraft();
  const [error, setError] = useState<string | null>(null);
  if (listing.canEdit) return <p role="status">{CL.taken}</p>;
  const onTake = async () => {
    setError(null);
    try {
      await take.mutateAsync({ property });
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <>
      {listing.concierge.changes ? <Alert tone="info">{CL.pendingReview}</Alert> : null}
      {error ? <Alert tone="danger">{error}</Alert> : null}
      <p className="ds-actions">
        <Button onClick={() => void onTake()} disabled={take.isPending}>
          {CL.takeButton}
        </Button>
      </p>
    </>
  );
}

function HandOver({ listing, property }: { listing: TMlsListing; property: string }) {
  const handOver = useHandOverDraft();
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const onHandOver = async () => {
    setError(null);
    try {
      await handOver.mutateAsync({ property });
      setDone(true);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <>
      <p role="status">{done ? CL.handedOver : null}</p>
      {error ? <Alert tone="danger">{error}</Alert> : null}
      {listing.canEdit ? (
        <p className="ds-actions">
          <Button onClick={() => void onHandOver()} disabled={handOver.isPending}>
            {CL.handOverButton}
          </Button>
        </p>
      ) : null}
    </>
  );
}
