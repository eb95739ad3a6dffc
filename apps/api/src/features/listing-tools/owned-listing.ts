import { isListingOwnerRole, type TOwnedListing } from '@lantern/contracts';
import type { Listing, Property, PropertyParticipant } from '@lantern/db';
import { timeZoneOfState } from '../../lib/time-zones.ts';
import type { PropertyRepository } from '../properties/properties.repository.ts';
import type { ListingRepository } from '../public-listings/listings.repository.ts';

/** A listing opened by one of its owners: what every issue-22 tool route starts from. */
export interface OwnedListingContext {
  userId: number;
  property: Property;
  participant: PropertyParticipant;
  listing: Listing;
}

export type OwnedListingOpened =
  | { ok: true; ctx: OwnedListingContext }
  | { ok: false; status: 404; message: string };

const NOT_FOUND = 'We could not find that listing.';

/**
 * Opens the public listing of a property for a user on the listing's side (seller, landlord or
 * their agent). Anyone else — another user, or the buyer's side of the same property — gets the
 * same 404, so a listing's leads never show that they exist.
 */
export function createOwnedListings(deps: {
  properties: PropertyRepository;
  listings: ListingRepository;
}) {
  return {
    async open(userId: number, propertyHash: string): Promise<OwnedListingOpened> {
      const found = await deps.properties.findForUser(userId, propertyHash);
      if (!found || !isListingOwnerRole(found.participant.role)) {
        return { ok: false, status: 404, message: NOT_FOUND };
      }
      const listing = await deps.listings.ofProperty(found.property.id);
      if (!listing) return { ok: false, status: 404, message: NOT_FOUND };
      return { ok: true, ctx: { userId, ...found, listing } };
    },

    view(ctx: OwnedListingContext): TOwnedListing {
      const { listing, property } = ctx;
      return {
        hash: listing.hash,
        kind: listing.mlsListingId ? 'mls' : 'fsbo',
        status: listing.status,
        slug: listing.slug,
        published: listing.publishedAt !== null,
        address: listing.streetAddress,
        city: listing.city,
        state: listing.state,
        zipCode: listing.zipCode,
        timeZone: timeZoneOfState(property.state),
      };
    },
  };
}
export type OwnedListings = ReturnType<typeof createOwnedListings>;
