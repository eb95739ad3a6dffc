import { MLS_LISTING_API, type PhotoApiPaths, type TMlsListingStep } from '@lantern/domain';
import { createContext, useContext } from 'react';
import { stepHref } from './steps.ts';

/**
 * Where the builder's step pages read and save a listing: the owners' own endpoints, or the
 * concierge's mirror of them (issue 39; decision 065) — the same steps, validation and photo
 * pipeline, under another prefix and other pages.
 */
export interface ListingSource {
  /** Part of the cache key: the owners' and the concierge's reads of one listing differ. */
  key: 'owner' | 'concierge';
  listing: string;
  location: string;
  form: string;
  photos: PhotoApiPaths;
  /** Where a step's "continue" goes. */
  stepHref: (step: TMlsListingStep, property: string) => string;
}

export const OWNER_SOURCE: ListingSource = {
  key: 'owner',
  listing: MLS_LISTING_API.listing,
  location: MLS_LISTING_API.location,
  form: MLS_LISTING_API.form,
  photos: MLS_LISTING_API,
  stepHref,
};

export const ListingSourceContext = createContext<ListingSource>(OWNER_SOURCE);
export const useListingSource = () => useContext(ListingSourceContext);
