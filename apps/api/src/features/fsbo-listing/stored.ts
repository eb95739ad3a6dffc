import {
  storedSyndication,
  streetAddressUnit,
  type TFsboBasicsDraft,
  type TFsboContactDraft,
  type TFsboDescribeDraft,
  ZFsboBasicsDraftSchema,
  ZFsboContactDraftSchema,
  ZFsboDescribeDraftSchema,
} from '@lantern/contracts';
import type { FsboListing } from '@lantern/db';
import { FSBO_FEATURE_LABELS } from '@lantern/domain';
import type { PublishedListingRow } from '../public-listings/listings.repository.ts';
import type { FsboListingSource } from './fsbo-listings.repository.ts';

/**
 * A stored step read back through its draft schema. A value the schema no longer accepts (its
 * limits changed since it was saved) is dropped, not the whole step; the seller fills it again.
 */
function stored<T extends object>(
  schema: {
    safeParse: (
      v: unknown,
    ) =>
      | { success: true; data: T }
      | { success: false; error: { issues: { path: PropertyKey[] }[] } };
  },
  value: unknown,
): T {
  const draft: Record<string, unknown> =
    value && typeof value === 'object' && !Array.isArray(value) ? { ...value } : {};
  for (let tries = 0; tries < 3; tries++) {
    const parsed = schema.safeParse(draft);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) {
      const key = issue.path[0];
      if (typeof key === 'string') delete draft[key];
      else return {} as T;
    }
  }
  return {} as T;
}

const part = (fields: unknown, key: 'basics' | 'describe') =>
  fields && typeof fields === 'object' ? (fields as Record<string, unknown>)[key] : undefined;

/** The listing's steps as saved: `fields` holds basics and describe, `contact` the contact. */
export function storedSteps(listing: Pick<FsboListing, 'fields' | 'contact'>): {
  basics: TFsboBasicsDraft;
  contact: TFsboContactDraft;
  describe: TFsboDescribeDraft;
} {
  return {
    basics: stored(ZFsboBasicsDraftSchema, part(listing.fields, 'basics')),
    contact: stored(ZFsboContactDraftSchema, listing.contact),
    describe: stored(ZFsboDescribeDraftSchema, part(listing.fields, 'describe')),
  };
}

/**
 * What the public row shows of an FSBO listing. The seller's email and phone go on it only when
 * they chose to show them, and their name only with one of them: otherwise buyers reach the
 * seller through us and the page names no one.
 */
export function fsboPublicRow(src: FsboListingSource): PublishedListingRow {
  const { listing, property } = src;
  const { basics, contact, describe } = storedSteps(listing);
  const email = contact.showEmail && contact.email ? contact.email : null;
  const phone = contact.showPhone && contact.phone ? contact.phone : null;
  const shown = email !== null || phone !== null;
  const sold = listing.marketStatus === 'sold';
  return {
    status: listing.marketStatus,
    streetAddress: streetAddressUnit(property.street, property.unit),
    city: property.city,
    state: property.state,
    zipCode: property.zip,
    price: sold && listing.soldPrice !== null ? listing.soldPrice : (basics.price ?? null),
    bedrooms: basics.bedrooms ?? null,
    bathrooms: basics.bathrooms ?? null,
    squareFeet: basics.livingArea ?? null,
    photoHash: src.photoHash,
    photoUrl: null,
    closedAt: sold && listing.soldOn ? new Date(`${listing.soldOn}T12:00:00Z`) : null,
    propertyType: basics.propertyType ?? null,
    yearBuilt: basics.yearBuilt ?? null,
    lat: property.lat,
    lng: property.lng,
    remarks: describe.remarks?.trim() || null,
    // The page shows features as they are written: their labels.
    features: (describe.features ?? []).map((f) => FSBO_FEATURE_LABELS[f]),
    contactName: shown ? (contact.name?.trim() ?? null) : null,
    contactEmail: email,
    contactPhone: phone,
    syndication: storedSyndication(listing.syndication),
  };
}
