import type { TMlsListingStep } from './mls-listing-steps.ts';
import type { TContactKind } from './remarks.ts';

/** Longest public remarks an MLS takes from us (issue 16). */
export const PUBLIC_REMARKS_MAX = 4_000;

export const MLS_LISTING_STEP_LABELS: Record<TMlsListingStep, string> = {
  location: 'Location',
  form: 'Listing details',
  services: 'Services',
  photos: 'Photos',
  payment: 'Payment',
  sign: 'Sign',
  review: 'Review',
  manage: 'Manage',
};

const CONTACT_WORDS: Record<TContactKind, string> = {
  phone: 'a phone number',
  email: 'an email address',
  url: 'a web address',
};

/** Every text the MLS listing builder shows or answers with (issue 16); our own words. */
export const MLS_LISTING_TEXTS = {
  title: 'Your MLS listing',
  progress: (current: number, total: number) => `Step ${current} of ${total}`,
  saveDraft: 'Save draft',
  saveAndContinue: 'Save and continue',
  draftSaved: 'Draft saved.',
  /** GET with no MLS listing order on the property. */
  orderFirst:
    'This property has no MLS listing order. Order a Flat Fee MLS Listing or a Local MLS Listing for it first, then build the listing here.',
  /** GET when the property's last MLS listing order was cancelled. */
  orderCancelled:
    'The MLS listing order for this property was cancelled, so there is no listing to build. Order a Flat Fee MLS Listing or a Local MLS Listing again to start a new one.',
  /** A step opened or saved before the one it follows is finished. */
  finishStepFirst: (step: TMlsListingStep) =>
    `Finish the ${MLS_LISTING_STEP_LABELS[step]} step first.`,
  readOnly:
    'You can see this listing, but only participants who can edit the property can change it.',
  submitted: 'This listing has been submitted and can no longer be changed here.',

  // Location
  addressFromProperty: 'The address comes from the property. To change it, edit the property.',
  noCounty:
    'We could not find the county of this property from its address, so we cannot tell which MLS covers it. Check the ZIP code in Update Property and save it, or send us a message and we will place it for you.',
  /** The county as the property has it, "Sangamon" or "Sangamon County". */
  boardPending: (county: string) =>
    `We have not confirmed an MLS for ${county.trim().replace(/\s+county$/i, '')} County yet — we will choose one when we review your listing`,
  boardChoose: 'Several MLSs serve this county. Choose the one your listing goes on.',
  boardOne: (name: string) => `Your listing goes on ${name}, the MLS that serves this county.`,
  boardRequired: 'Choose the MLS your listing goes on.',
  boardNotForCounty: 'This MLS does not serve the property’s county. Choose one from the list.',
  propertyTypeRequired: 'Choose the property type.',
  propertySubTypeRequired: 'Choose the property sub-type.',
  subTypeNotForType: 'This sub-type does not go with the property type you chose.',

  // Listing form
  commissionsNote:
    'There is no field for a buyer’s agent’s commission: since the 2024 NAR settlement, MLSs do not carry offers of compensation. Commissions are negotiable and are not set by law.',
  remarksCounter: (used: number) =>
    `${used.toLocaleString('en-US')} of ${PUBLIC_REMARKS_MAX.toLocaleString('en-US')} characters`,
  remarksContact: (kind: TContactKind, found: string) =>
    `Remove ${CONTACT_WORDS[kind]} from the remarks (“${found}”): MLS rules do not allow contact details in public remarks.`,
  fairHousingWarning: (phrase: string) =>
    `“${phrase}” may break fair-housing rules: describe the property, not who should live there. We will look at it when we review your listing.`,

  // Services
  servicesIntro:
    'Add optional services for this property. Each one is added to your listing’s invoice.',
  upgradeNotOffered: (name: string) => `${name} is not offered for this property.`,
  upgradeUnknown: 'One of the chosen services is not an upgrade we offer with a listing.',
  upgradeOwnInvoice:
    'Your listing is already paid, so this service has its own invoice. Pay it from Invoices.',
  upgradeStarted: (name: string) =>
    `${name} has been paid or started and cannot be removed here. Contact us to cancel it.`,
  showingManagementMissing:
    'Showing management is not offered yet; we will add it to this list when it is.',

  // Payment
  paymentIntro: 'Your listing and the services you added are on this invoice.',
  paid: 'Paid. Thank you — your listing can be submitted.',
  unpaid: 'Your listing cannot be submitted until this invoice is paid.',
  invoiceHidden:
    'Only participants who can edit this property see its invoices. The listing’s payment status is below.',
  noInvoice: 'This listing has no invoice yet. Contact us and we will send one.',
} as const;

/** Per-field messages of the listing form (mls-listing-form.ts). */
export const MLS_LISTING_FIELD_MESSAGES = {
  ListPrice: 'Enter the list price in whole dollars, from $1 to $1,000,000,000.',
  BedroomsTotal: 'Enter the number of bedrooms, from 0 to 99.',
  BathroomsFull: 'Enter the number of full bathrooms, from 0 to 99.',
  BathroomsHalf: 'Enter the number of half bathrooms, from 0 to 99.',
  LivingArea: 'Enter the finished living area in square feet, from 1 to 1,000,000.',
  LotSizeAcres: 'Enter the lot size in acres, greater than 0 and at most 100,000.',
  LotSizeSquareFeet: 'Enter the lot size in whole square feet, from 1 to 100,000,000.',
  lotSizeOneUnit: 'Give the lot size in acres or in square feet, not both.',
  lotSizeRequired: 'Enter the lot size, in acres or in square feet.',
  YearBuilt: (max: number) => `Enter the year it was built, from 1600 to ${max}.`,
  GarageSpaces: 'Enter the number of garage spaces, from 0 to 99.',
  AssociationYN: 'Say whether the property is in a homeowners association.',
  AssociationFee: 'Enter the association fee in dollars and cents, from $0 to $100,000.',
  associationFeeRequired: 'Enter the association fee, or say there is no association.',
  associationFeeWithoutAssociation: 'Leave the fee empty when there is no association.',
  AssociationFeeFrequency: 'Choose how often the association fee is paid.',
  TaxAnnualAmount: 'Enter the yearly property tax in dollars and cents, from $0 to $10,000,000.',
  PublicRemarks: 'Describe the property for buyers in the public remarks.',
  PublicRemarksTooLong: `Public remarks can be at most ${PUBLIC_REMARKS_MAX.toLocaleString('en-US')} characters.`,
  ShowingInstructions: 'Showing instructions can be at most 1,000 characters.',
  Directions: 'Directions can be at most 1,000 characters.',
  ListingTerms: 'Choose at least one way you will accept payment.',
  Possession: 'Choose when the buyer takes possession.',
  ExpirationDate: 'Enter the date the listing ends, as a date.',
  ExpirationDatePast: 'The listing must end after today.',
  ExpirationDateTooFar: 'The listing can run for at most two years from today.',
  OwnersRequired: 'Add every owner of the property, at least one.',
  OwnersTooMany: 'A listing can name at most 10 owners.',
  ownerName: 'Enter the owner’s full name.',
  ownerNameTooLong: 'Names can be at most 200 characters.',
  ownerEmail: 'Enter the owner’s email address, like name@example.com.',
  ownerEmailDuplicate: 'Each owner needs their own email address.',
  needsBuildingFacts: 'Enter this for a property with a home on it.',
} as const;
