import {
  LISTINGS_API,
  listingPagePath,
  PUBLIC_PROPERTY_TYPES,
  type TPublicListing,
  type TPublicListingDetail,
  type TPublicPropertyType,
} from '@lantern/contracts';
import type { Listing, ListingPhoto, ListingPriceEvent } from '@lantern/db';
import { PHOTO_SIZES } from '@lantern/domain';

/** A stored property type, if it is still one of ours (the column is plain text). */
export function storedPropertyType(value: string | null): TPublicPropertyType | null {
  return PUBLIC_PROPERTY_TYPES.some((t) => t.value === value)
    ? (value as TPublicPropertyType)
    : null;
}

/** The web size's width and height: the original fitted inside PHOTO_SIZES.web, never enlarged. */
export function webSize(width: number | null, height: number | null) {
  if (!width || !height) return { width: null, height: null };
  const scale = Math.min(1, PHOTO_SIZES.web / Math.max(width, height));
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}

/** A public row as GET /api/listings and the list pages' cards show it. */
export function toPublicListing(row: Listing): TPublicListing {
  return {
    id: row.hash,
    status: row.status,
    address: row.streetAddress,
    city: row.city,
    state: row.state,
    zipCode: row.zipCode,
    price: row.price,
    bedrooms: row.bedrooms,
    bathrooms: row.bathrooms,
    squareFeet: row.squareFeet,
    // Our photos are served by the public photo route, only while the row is published.
    photoUrl: row.photoHash
      ? LISTINGS_API.photoFile(row.hash, row.photoHash, 'thumb')
      : row.photoUrl,
    url: listingPagePath(row.slug ?? row.hash),
    propertyType: storedPropertyType(row.propertyType),
    lat: row.lat,
    lng: row.lng,
    listedAt: row.listedAt.toISOString(),
    closedAt: row.closedAt?.toISOString() ?? null,
  };
}

/** Everything one published listing's page shows, with its photos on the public routes. */
export function toListingDetail(
  row: Listing,
  extras: { priceEvents: ListingPriceEvent[]; photos: ListingPhoto[] },
): TPublicListingDetail {
  const contact = row.contactName
    ? { name: row.contactName, email: row.contactEmail, phone: row.contactPhone }
    : null;
  return {
    id: row.hash,
    slug: row.slug ?? row.hash,
    kind: row.fsboListingId ? 'fsbo' : 'mls',
    status: row.status,
    address: row.streetAddress,
    city: row.city,
    state: row.state,
    zipCode: row.zipCode,
    price: row.price,
    propertyType: storedPropertyType(row.propertyType),
    bedrooms: row.bedrooms,
    bathrooms: row.bathrooms,
    squareFeet: row.squareFeet,
    yearBuilt: row.yearBuilt,
    lat: row.lat,
    lng: row.lng,
    remarks: row.remarks,
    features: row.features,
    photos: extras.photos.map((p) => ({
      url: LISTINGS_API.photoFile(row.hash, p.hash, 'web'),
      thumbUrl: LISTINGS_API.photoFile(row.hash, p.hash, 'thumb'),
      ...webSize(p.width, p.height),
      caption: p.caption,
    })),
    contact: row.fsboListingId ? contact : null,
    priceHistory: extras.priceEvents.map((e) => ({
      kind: e.kind,
      price: e.price,
      at: e.at.toISOString(),
    })),
    listedAt: row.listedAt.toISOString(),
    closedAt: row.closedAt?.toISOString() ?? null,
  };
}
