import {
  streetAddressUnit,
  type TFsboBasicsDraft,
  type TMlsListingDraft,
} from '@lantern/contracts';
import type { FsboListing, MlsListing, Tx } from '@lantern/db';
import { todayUtc } from '@lantern/domain';
import type { ClosedSale } from '@lantern/valuation';
import type { ClosedSaleRepository, PropertyPlace } from './closed-sales.repository.ts';

/**
 * Our own closed listings as sales (issue 37; docs/decisions/058): an MLS listing whose Closed
 * change staff carried out, and an FSBO listing its owner marked sold. Recorded inside the
 * transaction that closes the listing, keyed by the listing's public hash, so closing again or
 * running it twice changes nothing. The price is shown to other customers only with the seller's
 * consent, asked on the close form.
 */
export const OWN_SOURCES = { mls: 'lantern-mls', fsbo: 'lantern-fsbo' } as const;

export interface OwnSalesDeps {
  sales: Pick<
    ClosedSaleRepository,
    'recordOwnSale' | 'removeOwnSale' | 'placeOf' | 'refreshCoverage'
  >;
  /** The credit line of our own sales. */
  siteName: string;
  today?: () => string;
}

const SQFT_PER_ACRE = 43_560;

/** The property's place; no position when it is only the ZIP's centroid (decision 057). */
function placed(place: PropertyPlace) {
  const exact = place.positionPrecision !== 'zip' && place.lat !== null && place.lng !== null;
  return {
    Latitude: exact ? place.lat : null,
    Longitude: exact ? place.lng : null,
    PostalCode: /^\d{5}/.test(place.zip) ? place.zip.slice(0, 5) : null,
    StateOrProvince: place.state,
    CountyOrParish: place.county?.replace(/\s+County$/i, '') ?? null,
    UnparsedAddress: `${streetAddressUnit(place.street, place.unit)}, ${place.city}, ${place.state} ${place.zip}`,
  };
}

const NO_RATINGS = {
  ParcelNumber: null,
  YearRenovated: null,
  PropertyCondition: null,
  QualityGrade: null,
  StoriesTotal: null,
  WaterfrontYN: null,
  ViewRating: null,
  BelowGradeFinishedArea: null,
} as const;

/** An MLS listing's sale: the listing form's facts, the property's place. */
export function mlsSale(
  listing: Pick<MlsListing, 'hash' | 'propertyType' | 'propertySubType'>,
  form: TMlsListingDraft,
  close: { ClosePrice: number; CloseDate: string },
  place: PropertyPlace,
): ClosedSale {
  const baths =
    form.BathroomsFull == null && form.BathroomsHalf == null
      ? null
      : (form.BathroomsFull ?? 0) + 0.5 * (form.BathroomsHalf ?? 0);
  const lot =
    form.LotSizeSquareFeet ??
    (form.LotSizeAcres == null ? null : Math.round(form.LotSizeAcres * SQFT_PER_ACRE));
  return {
    ...NO_RATINGS,
    ListingKey: listing.hash,
    CloseDate: close.CloseDate,
    ClosePrice: close.ClosePrice,
    LivingArea: form.LivingArea ?? null,
    LotSizeSquareFeet: lot,
    BedroomsTotal: form.BedroomsTotal ?? null,
    BathroomsTotalDecimal: baths,
    YearBuilt: form.YearBuilt ?? null,
    PropertyType: listing.propertyType,
    PropertySubType: listing.propertySubType,
    ...placed(place),
  };
}

const FSBO_TYPES: Record<string, [string | null, string | null]> = {
  'single-family': ['Residential', 'SingleFamilyResidence'],
  condo: ['Residential', 'Condominium'],
  townhouse: ['Residential', 'Townhouse'],
  'multi-family': ['ResidentialIncome', null],
  manufactured: ['Residential', 'ManufacturedHome'],
  land: ['Land', null],
};

/** An FSBO listing's sale: the basics step's facts, the property's place. */
export function fsboSale(
  listing: Pick<FsboListing, 'hash'>,
  basics: TFsboBasicsDraft,
  close: { soldPrice: number; soldOn: string },
  place: PropertyPlace,
): ClosedSale {
  const [type, subType] = FSBO_TYPES[basics.propertyType ?? ''] ?? [null, null];
  return {
    ...NO_RATINGS,
    ListingKey: listing.hash,
    CloseDate: close.soldOn,
    ClosePrice: close.soldPrice,
    LivingArea: basics.livingArea ?? null,
    LotSizeSquareFeet: null,
    BedroomsTotal: basics.bedrooms ?? null,
    BathroomsTotalDecimal: basics.bathrooms ?? null,
    YearBuilt: basics.yearBuilt ?? null,
    PropertyType: type,
    PropertySubType: subType,
    ...placed(place),
  };
}

export function createOwnSales(deps: OwnSalesDeps) {
  const today = deps.today ?? todayUtc;
  const rights = (source: string, consent: boolean) => ({
    source,
    priceDisplay: consent ? ('public' as const) : ('model_only' as const),
    attribution: `${deps.siteName} closed listing`,
  });

  async function record(tx: Tx, source: string, sale: ClosedSale, consent: boolean) {
    const written = await deps.sales.recordOwnSale(tx, sale, rights(source, consent));
    if (written && sale.PostalCode)
      await deps.sales.refreshCoverage(today(), [sale.PostalCode], tx);
    return written;
  }

  return {
    /** Inside the transaction where staff carry out a Closed change of an MLS listing. */
    async mlsClosed(
      tx: Tx,
      listing: Pick<MlsListing, 'hash' | 'propertyId' | 'propertyType' | 'propertySubType'>,
      form: TMlsListingDraft,
      close: { ClosePrice: number; CloseDate: string; ShowClosePrice?: boolean | undefined },
    ): Promise<boolean> {
      const place = await deps.sales.placeOf(tx, listing.propertyId);
      if (!place) return false;
      const sale = mlsSale(listing, form, close, place);
      return record(tx, OWN_SOURCES.mls, sale, close.ShowClosePrice === true);
    },

    /**
     * Inside the transaction that changes an FSBO listing's market status: sold records the
     * sale, anything else removes one recorded before (the sale fell through).
     */
    async fsboMarketStatus(
      tx: Tx,
      listing: Pick<FsboListing, 'hash' | 'propertyId' | 'marketStatus' | 'soldPrice' | 'soldOn'>,
      basics: TFsboBasicsDraft,
      consent: boolean,
    ): Promise<boolean> {
      if (listing.marketStatus !== 'sold' || listing.soldPrice === null || !listing.soldOn) {
        const removed = await deps.sales.removeOwnSale(tx, OWN_SOURCES.fsbo, listing.hash);
        if (removed?.postalCode)
          await deps.sales.refreshCoverage(today(), [removed.postalCode], tx);
        return removed !== undefined;
      }
      const place = await deps.sales.placeOf(tx, listing.propertyId);
      if (!place) return false;
      const sale = fsboSale(
        listing,
        basics,
        { soldPrice: listing.soldPrice, soldOn: listing.soldOn },
        place,
      );
      return record(tx, OWN_SOURCES.fsbo, sale, consent);
    },
  };
}
export type OwnSales = ReturnType<typeof createOwnSales>;
