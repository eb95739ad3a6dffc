import { MLS_LISTING_PAGE_TEXTS } from '@lantern/domain';
import { buttonClassName } from '@lantern/ui';
import { Link } from 'react-router';
import { useMlsListing } from '../api/listing.ts';
import { stepHref } from '../steps.ts';

/**
 * On the MLS Listing product page once the property has an active MLS listing order: a link to
 * the first unfinished step (the listing is made from the order on this first read).
 */
export function BuildListingLink({ property }: { property: string }) {
  const listing = useMlsListing(property);
  const data = listing.data?.listing;
  const next = data?.nextStep ?? 'manage';
  const text =
    data?.status === 'live'
      ? MLS_LISTING_PAGE_TEXTS.manageLink
      : data && data.status !== 'draft'
        ? MLS_LISTING_PAGE_TEXTS.seeLink
        : MLS_LISTING_PAGE_TEXTS.buildLink;
  return (
    <p>
      <Link
        className={buttonClassName({ variant: 'primary' })}
        to={stepHref(listing.data ? next : 'location', property)}
      >
        {text}
      </Link>
    </p>
  );
}
