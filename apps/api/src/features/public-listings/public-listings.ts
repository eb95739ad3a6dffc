import {
  ASSOCIATION_FEE_FREQUENCIES,
  publicPropertyType,
  storedSyndication,
  streetAddressUnit,
  type TListingStatus,
  type TMlsListingDraft,
} from '@lantern/contracts';
import type { TResoStandardStatus } from '@lantern/domain';
import type { FsboListingRepository } from '../fsbo-listing/fsbo-listings.repository.ts';
import { fsboPublicRow } from '../fsbo-listing/stored.ts';
import { storedForm } from '../mls-listing/mls-listing.ts';
import type { WebhookEmitter } from '../webhooks/webhooks.ts';
import type { ListingRepository, PublicListingSource } from './listings.repository.ts';

/** The public page's status for each RESO StandardStatus of a live MLS listing. */
const PUBLIC_STATUS: Record<TResoStandardStatus, TListingStatus> = {
  Active: 'active',
  ActiveUnderContract: 'pending',
  Pending: 'pending',
  Closed: 'sold',
  Withdrawn: 'withdrawn',
  Canceled: 'withdrawn',
  Expired: 'expired',
};

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const count = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/**
 * The features an MLS listing's page lists, from the form's facts that have no place of their own
 * on the page: garage, lot size, the homeowners' association fee and the annual tax.
 */
export function mlsListingFeatures(form: TMlsListingDraft): string[] {
  const features: string[] = [];
  if (form.GarageSpaces) {
    features.push(`Garage: ${form.GarageSpaces} ${form.GarageSpaces === 1 ? 'space' : 'spaces'}`);
  }
  if (form.LotSizeAcres) features.push(`Lot: ${count.format(form.LotSizeAcres)} acres`);
  else if (form.LotSizeSquareFeet) {
    features.push(`Lot: ${count.format(form.LotSizeSquareFeet)} sq ft`);
  }
  if (form.AssociationYN) {
    const often = ASSOCIATION_FEE_FREQUENCIES.find(
      (f) => f.value === form.AssociationFeeFrequency,
    )?.label.toLowerCase();
    features.push(
      form.AssociationFee != null
        ? `Homeowners' association: ${money.format(form.AssociationFee)}${often ? ` ${often}` : ''}`
        : "Homeowners' association",
    );
  }
  if (form.TaxAnnualAmount != null) {
    features.push(`Property tax: ${money.format(form.TaxAnnualAmount)} a year`);
  }
  return features;
}

/**
 * The public listing pages show MLS listings once staff have entered their MLS number (issue 19
 * and decision 032): a live listing's row in `listings` is made on approval and follows each
 * change staff carry out (price, status, a sale) and the expiry job. A listing that is not live
 * is not shown. FSBO listings are shown while their owners keep them published (issue 19).
 * Callers sync after their change is committed; a failure is theirs to log.
 */
export function createPublicListingSync(deps: {
  listings: ListingRepository;
  fsboListings: Pick<FsboListingRepository, 'source'>;
  /** Outbound webhooks: `listing.status_changed` when the public status moves (issue 25). */
  webhooks?: WebhookEmitter | undefined;
  publicUrl?: string;
  /** Told after each sync, which may have changed what the public sees (the sitemap's cache). */
  onSynced?: () => Promise<void>;
}) {
  /**
   * Run `sync`, then tell webhooks if what the public sees changed status (`null`: not shown).
   * A webhook problem is logged by the emitter, never thrown.
   */
  async function watched(source: PublicListingSource, sync: () => Promise<void>) {
    const before = deps.webhooks ? await deps.listings.publicState(source) : undefined;
    await sync();
    await deps.onSynced?.();
    if (!deps.webhooks || !before) return;
    const after = await deps.listings.publicState(source);
    if (!after || after.status === before.status) return;
    await deps.webhooks.emit(
      'listing.status_changed',
      { propertyId: after.propertyId },
      (property) => ({
        property,
        listing: {
          kind: 'mlsListingId' in source ? 'mls' : 'fsbo',
          status: after.status ?? 'unpublished',
          previousStatus: before.status ?? 'unpublished',
          url: after.status && after.slug ? `${deps.publicUrl ?? ''}/listings/${after.slug}` : null,
        },
      }),
    );
  }

  const sync = {
    async fsbo(fsboListingId: number): Promise<void> {
      const src = await deps.fsboListings.source(fsboListingId);
      if (!src) return;
      if (src.listing.status !== 'published') {
        await deps.listings.unpublish({ fsboListingId });
        return;
      }
      await deps.listings.publish({ fsboListingId }, fsboPublicRow(src));
    },

    async mls(mlsListingId: number): Promise<void> {
      const src = await deps.listings.mlsSource(mlsListingId);
      if (!src) return;
      const { listing, property } = src;
      if (listing.status !== 'live') {
        await deps.listings.unpublish({ mlsListingId });
        return;
      }
      const form = storedForm(listing.fields);
      const status = PUBLIC_STATUS[listing.standardStatus ?? 'Active'];
      const sold = status === 'sold' ? src.closed : null;
      const baths =
        form.BathroomsFull === undefined || form.BathroomsFull === null
          ? null
          : form.BathroomsFull + (form.BathroomsHalf ?? 0) / 2;
      await deps.listings.publish(
        { mlsListingId },
        {
          status,
          streetAddress: streetAddressUnit(property.street, property.unit),
          city: property.city,
          state: property.state,
          zipCode: property.zip,
          price: sold?.price ?? form.ListPrice ?? null,
          bedrooms: form.BedroomsTotal ?? null,
          bathrooms: baths,
          squareFeet: form.LivingArea ?? null,
          photoHash: src.photoHash,
          photoUrl: null,
          closedAt: sold?.date ? new Date(`${sold.date}T12:00:00Z`) : null,
          propertyType: publicPropertyType(listing.propertyType, listing.propertySubType),
          yearBuilt: form.YearBuilt ?? null,
          lat: property.lat,
          lng: property.lng,
          remarks: form.PublicRemarks?.trim() || null,
          features: mlsListingFeatures(form),
          // Buyers reach an MLS listing through its agent, never the owner's own details.
          contactName: null,
          contactEmail: null,
          contactPhone: null,
          syndication: storedSyndication(listing.syndication),
        },
      );
    },
  };

  return {
    /**
     * An FSBO listing (issue 19) is on the public pages while its owner keeps it published; its
     * row follows every edit, photo and sale at once.
     */
    async syncFsboListing(fsboListingId: number): Promise<void> {
      await watched({ fsboListingId }, () => sync.fsbo(fsboListingId));
    },

    async syncMlsListing(mlsListingId: number): Promise<void> {
      await watched({ mlsListingId }, () => sync.mls(mlsListingId));
    },
  };
}
export type PublicListingSync = ReturnType<typeof createPublicListingSync>;
