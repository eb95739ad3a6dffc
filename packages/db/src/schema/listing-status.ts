import { pgEnum } from 'drizzle-orm/pg-core';

/** A public listing's state (contracts: LISTING_STATUSES); FSBO listings' market status too. */
export const listingStatus = pgEnum('listing_status', [
  'active',
  'pending',
  'sold',
  'withdrawn',
  'expired',
]);
