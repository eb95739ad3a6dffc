import type { TValuationComparable } from '@lantern/contracts';

/** One closed sale near the tests' subject (12 Oak Ave), as a report lists it. */
export function oakAvenueSale(over: Partial<TValuationComparable> = {}): TValuationComparable {
  return {
    place: '14 Oak Ave',
    lat: 39.781,
    lng: -89.651,
    distanceMiles: 0.1,
    closeDate: '2026-10-02',
    price: 405_000,
    pricePerSqft: 231,
    bedrooms: 3,
    bathrooms: 2,
    livingArea: 1750,
    lotSizeSquareFeet: null,
    yearBuilt: null,
    adjustments: null,
    adjustedPrice: null,
    attribution: 'Springfield MLS',
    ...over,
  };
}
