/**
 * What the dashboard's MLS listing pages say besides MLS_LISTING_TEXTS (issue 16, docs/decisions/031-mls-listing-builder.md
 * "Dashboard pages"). Our own words.
 */
export const MLS_LISTING_PAGE_TEXTS = {
  buildLink: 'Build your listing',
  seeLink: 'See your listing',
  manageLink: 'Manage your listing',
  progressLabel: 'Listing steps',
  stepDone: 'Done',
  photoRulesTitle: 'Photo rules',
  primaryPhoto: 'Primary photo',
} as const;

/** The listing form's labels: plain English for the RESO DD 2.0 fields they fill. */
export const MLS_LISTING_FIELD_LABELS = {
  ListPrice: 'List price (dollars)',
  BedroomsTotal: 'Bedrooms',
  BathroomsFull: 'Full bathrooms',
  BathroomsHalf: 'Half bathrooms',
  LivingArea: 'Finished living area (square feet)',
  LotSizeAcres: 'Lot size in acres',
  LotSizeSquareFeet: 'Or lot size in square feet',
  YearBuilt: 'Year built',
  GarageSpaces: 'Garage spaces',
  AssociationYN: 'Is the property in a homeowners association?',
  AssociationFee: 'Association fee (dollars)',
  AssociationFeeFrequency: 'How often the fee is paid',
  TaxAnnualAmount: 'Yearly property tax (dollars)',
  PublicRemarks: 'Public remarks: describe the property for buyers',
  PublicRemarksHint:
    'No phone numbers, email addresses or web addresses: MLS rules keep contact details out of the remarks.',
  ShowingInstructions: 'Showing instructions (for agents)',
  Directions: 'Directions to the property',
  ListingTerms: 'Payment you will accept',
  Possession: 'When the buyer gets the keys',
  ExpirationDate: 'Listing end date',
  Owners: 'Owners',
  OwnersHint: 'Every owner of the property, each with their own email address.',
  ownerName: 'Full name',
  ownerEmail: 'Email address',
  addOwner: 'Add an owner',
  removeOwner: (n: number) => `Remove owner ${n}`,
} as const;
