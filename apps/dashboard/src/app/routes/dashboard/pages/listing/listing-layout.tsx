import {
  INQUIRY_TEXTS,
  LISTING_ANALYTICS_TEXTS,
  LISTING_PORTALS_TEXTS,
  LISTING_TOOLS_PAGES,
  listingPagePath,
  OPEN_HOUSE_TEXTS,
  LISTING_TOOLS_TEXTS as T,
  TEXT_FOR_INFO_TEXTS,
  type TOwnedListing,
} from '@lantern/contracts';
import {
  ApiError,
  INQUIRIES_TAB,
  LISTING_PORTALS_TAB,
  SHOWING_TEXTS,
  SHOWINGS_TAB,
  TEXT_FOR_INFO_TAB,
  TRANSACTION_ACCESS_TAB,
  TRANSACTION_ACCESS_TEXTS,
} from '@lantern/domain';
import { Alert } from '@lantern/ui';
import { Navigate, NavLink, useLocation, useOutlet, useOutletContext } from 'react-router';
import { PageFrame } from '../../../../../components/page-frame.tsx';
import { useOwnedListing } from '../../../../../features/listing-tools/api/listing.ts';
import { useCurrentProperty } from '../../../../../features/properties/hooks/use-current-property.ts';
import { PropertyContext } from '../property-context.tsx';

/**
 * The tabs of /dashboard/listing, one per tool of issue 22. The first is where
 * /dashboard/listing itself leads.
 */
export const LISTING_TABS: readonly { path: string; label: string }[] = [
  { path: INQUIRIES_TAB, label: INQUIRY_TEXTS.tab },
  { path: SHOWINGS_TAB, label: SHOWING_TEXTS.dashboard.tab },
  { path: 'open-houses', label: OPEN_HOUSE_TEXTS.tab },
  { path: 'analytics', label: LISTING_ANALYTICS_TEXTS.tab },
  { path: TEXT_FOR_INFO_TAB, label: TEXT_FOR_INFO_TEXTS.tab },
  { path: TRANSACTION_ACCESS_TAB, label: TRANSACTION_ACCESS_TEXTS.dashboard.tab },
  { path: LISTING_PORTALS_TAB, label: LISTING_PORTALS_TEXTS.tab },
];

const STATUS_WORDS: Record<TOwnedListing['status'], string> = {
  active: 'For sale',
  pending: 'Under contract',
  sold: 'Sold',
  withdrawn: 'Taken off the market',
  expired: 'Expired',
};

export interface ListingToolsContext {
  property: string;
  listing: TOwnedListing;
}

/** A tab's page reads the listing its layout loaded. */
export const useListingTools = () => useOutletContext<ListingToolsContext>();

/** /dashboard/listing/*: the property's public listing and its tools, as tabs. */
export function ListingLayout() {
  const { hash, entry } = useCurrentProperty();
  return (
    <PageFrame title={T.title}>
      <PropertyContext entry={entry} />
      {hash ? <Tools property={hash} /> : null}
    </PageFrame>
  );
}

function Tools({ property }: { property: string }) {
  const owned = useOwnedListing(property);
  const { search } = useLocation();
  const context: ListingToolsContext | undefined = owned.data
    ? { property, listing: owned.data.listing }
    : undefined;
  const outlet = useOutlet(context);
  if (owned.isPending) return <p role="status">Loading…</p>;
  if (owned.isError) {
    return owned.error instanceof ApiError && owned.error.status === 404 ? (
      <p>{T.noListing}</p>
    ) : (
      <Alert tone="danger">We could not load your listing. Reload the page to try again.</Alert>
    );
  }
  const { listing } = owned.data;
  // /dashboard/listing itself opens the first tab.
  const first = LISTING_TABS[0];
  if (!outlet && first) return <Navigate to={`${first.path}${search}`} replace />;
  return (
    <>
      <p className="ds-listing-summary">
        <strong>{STATUS_WORDS[listing.status]}</strong>
        {' · '}
        {listing.published && listing.slug ? (
          <a href={listingPagePath(listing.slug)}>See the public page</a>
        ) : (
          T.notPublished
        )}
      </p>
      {LISTING_TABS.length ? (
        <nav aria-label="Listing tools" className="ds-tabs">
          <ul>
            {LISTING_TABS.map((tab) => (
              <li key={tab.path}>
                <NavLink to={LISTING_TOOLS_PAGES.tab(tab.path, property)}>{tab.label}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {outlet}
    </>
  );
}
