// What a seller enters at the MLS listing's Location and form steps, without vitest, so the
// benches can walk the same steps through the API as the tests do (bench/photo-upload-server.ts).

export const LISTING_LOCATION = {
  propertyType: 'Residential',
  propertySubType: 'SingleFamilyResidence',
};

export function listingForm(owners: ReadonlyArray<{ name: string; email: string }>) {
  return {
    ListPrice: 450_000,
    BedroomsTotal: 3,
    BathroomsFull: 2,
    LivingArea: 1_850,
    LotSizeAcres: 0.25,
    AssociationYN: false,
    PublicRemarks: 'Bright three-bedroom home on a quiet street.',
    ListingTerms: ['Cash', 'Conventional'],
    Possession: ['CloseOfEscrow'],
    ExpirationDate: new Date(Date.now() + 180 * 86_400_000).toISOString().slice(0, 10),
    Owners: owners,
  };
}
