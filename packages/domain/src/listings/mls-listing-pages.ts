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
  /** The MLS Listing page: what tells the two products apart (decision 056). */
  whichTitle: 'Flat Fee or Local: which one?',
  flatFee:
    'Flat Fee MLS Listing puts your home on the MLS wherever it is. If no MLS we work with covers your county yet, our team chooses the one nearby agents use before the listing goes live.',
  local:
    'Local MLS Listing puts your home on the MLS board that serves your county, the one local agents search first. We offer it only where such a board covers the county.',
  onlyOne:
    'Both cost the same flat fee and put your home on one MLS, so you need only one of them. Where two boards cover your county you can add the second one below.',
  addTitle: 'Add another MLS',
  addIntro: (board: string) =>
    `Your listing is ordered on ${board}. Another MLS also covers your county: listing there too reaches the agents who search only that one. It is a separate Local MLS Listing order with the same listing details.`,
  addLabel: 'MLS to add',
  addButton: 'Add this MLS',
  added: (board: string) => `Ordered: your listing will also go on ${board}.`,
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
