import { listingSlug, type TPublicListingDetail } from '@lantern/contracts';
import type { Listing, ListingPhoto, ListingPriceEvent } from '@lantern/db';
import { FSBO_LISTING_API } from '@lantern/domain';
import { storedPropertyType, webSize } from '../public-listings/listing-detail.ts';
import type { FsboListingSource } from './fsbo-listings.repository.ts';
import { fsboPublicRow } from './stored.ts';

/**
 * The FSBO review step's preview (issue 19): exactly what the public page will show once the
 * draft is published — the same row `syncFsboListing` would write, its history so far — with
 * the photos on the owner's access-checked dashboard routes instead of the public ones.
 */
export function fsboPreviewDetail(input: {
  src: FsboListingSource;
  /** The public row, when the listing has been published before. */
  published: { row: Listing; history: ListingPriceEvent[] } | undefined;
  photos: ListingPhoto[];
  propertyHash: string;
  now?: Date;
}): TPublicListingDetail {
  const { src, published, photos, propertyHash } = input;
  const row = fsboPublicRow(src);
  const id = published?.row.hash ?? src.listing.hash;
  const q = `?property=${encodeURIComponent(propertyHash)}`;
  const listedAt = (published?.row.listedAt ?? input.now ?? new Date()).toISOString();
  return {
    id,
    slug: published?.row.slug ?? listingSlug(row, id),
    kind: 'fsbo',
    status: row.status ?? 'active',
    address: row.streetAddress,
    city: row.city,
    state: row.state,
    zipCode: row.zipCode,
    price: row.price ?? null,
    propertyType: storedPropertyType(row.propertyType ?? null),
    bedrooms: row.bedrooms ?? null,
    bathrooms: row.bathrooms ?? null,
    squareFeet: row.squareFeet ?? null,
    yearBuilt: row.yearBuilt ?? null,
    lat: row.lat ?? null,
    lng: row.lng ?? null,
    remarks: row.remarks ?? null,
    features: row.features ?? [],
    photos: photos
      .filter((p) => p.status === 'ready')
      .map((p) => ({
        url: FSBO_LISTING_API.photoFile(p.hash, 'web') + q,
        thumbUrl: FSBO_LISTING_API.photoFile(p.hash, 'thumb') + q,
        ...webSize(p.width, p.height),
        caption: p.caption,
      })),
    contact: row.contactName
      ? { name: row.contactName, email: row.contactEmail ?? null, phone: row.contactPhone ?? null }
      : null,
    priceHistory: (published?.history ?? []).map((e) => ({
      kind: e.kind,
      price: e.price,
      at: e.at.toISOString(),
    })),
    listedAt,
    closedAt: row.closedAt ? new Date(row.closedAt).toISOString() : null,
  };
}
