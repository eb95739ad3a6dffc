import type { TFsboListingStep } from './fsbo-listing-steps.ts';
import { PUBLIC_REMARKS_MAX } from './mls-listing-texts.ts';
import type { TContactKind } from './remarks.ts';

export const FSBO_LISTING_STEP_LABELS: Record<TFsboListingStep, string> = {
  basics: 'Basics',
  contact: 'Contact',
  describe: 'Description',
  media: 'Photos',
  review: 'Review and publish',
  manage: 'Manage',
};

/** The features a seller can tick (ours; shown on the listing page by their labels). */
export const FSBO_FEATURES = [
  { value: 'garage', label: 'Garage' },
  { value: 'central-air', label: 'Central air conditioning' },
  { value: 'fireplace', label: 'Fireplace' },
  { value: 'hardwood-floors', label: 'Hardwood floors' },
  { value: 'updated-kitchen', label: 'Updated kitchen' },
  { value: 'basement', label: 'Basement' },
  { value: 'fenced-yard', label: 'Fenced yard' },
  { value: 'pool', label: 'Swimming pool' },
  { value: 'deck-or-patio', label: 'Deck or patio' },
  { value: 'laundry-room', label: 'Laundry room' },
  { value: 'walk-in-closet', label: 'Walk-in closet' },
  { value: 'solar-panels', label: 'Solar panels' },
  { value: 'new-roof', label: 'Roof replaced in the last 10 years' },
  { value: 'single-level', label: 'All on one level' },
  { value: 'waterfront', label: 'Waterfront' },
  { value: 'no-hoa', label: 'No homeowners association' },
] as const;
export type TFsboFeature = (typeof FSBO_FEATURES)[number]['value'];
export const FSBO_FEATURE_LABELS: Record<TFsboFeature, string> = Object.fromEntries(
  FSBO_FEATURES.map((f) => [f.value, f.label]),
) as Record<TFsboFeature, string>;

const CONTACT_WORDS: Record<TContactKind, string> = {
  phone: 'the phone number',
  email: 'the email address',
  url: 'the web address',
};

/** The field messages of the FSBO steps, in the seller's words. */
export const FSBO_LISTING_FIELD_MESSAGES = {
  price: 'Enter the asking price in whole dollars, for example 350000.',
  propertyType: 'Choose the kind of property.',
  bedrooms: 'Enter the number of bedrooms, from 0 to 99.',
  bathrooms: 'Enter the number of bathrooms in halves, for example 2 or 2.5.',
  livingArea: 'Enter the living area in square feet, for example 1850.',
  yearBuilt: (latest: number) => `Enter the year it was built, from 1600 to ${latest}.`,
  contactName: 'Enter the name buyers see on your listing, up to 100 characters.',
  email: 'Enter the email address buyers may write to.',
  phone: 'Enter a US phone number with its area code, for example (555) 201-4433.',
  remarks: 'Describe the home in a few sentences.',
  remarksTooLong: `The description can be at most ${PUBLIC_REMARKS_MAX.toLocaleString('en-US')} characters.`,
  remarksContact: (kind: TContactKind, found: string) =>
    `Remove ${CONTACT_WORDS[kind]} from the description (“${found}”): buyers reach you through the Contact step's choices, so contact details stay out of the text.`,
  features: 'Choose features from the list.',
  soldPrice: 'Enter the sale price in whole dollars.',
  soldOn: 'Enter the date the sale closed.',
  soldInFuture: 'The sale date cannot be in the future.',
  soldBeforeListed: (firstPublished: string) =>
    `The sale date cannot be before the listing was first published (${firstPublished}).`,
} as const;

/** The labels of the steps' fields. */
export const FSBO_LISTING_FIELD_LABELS = {
  price: 'Asking price (US dollars)',
  propertyType: 'Kind of property',
  bedrooms: 'Bedrooms',
  bathrooms: 'Bathrooms',
  bathroomsHint: 'Count a half bath (a toilet and sink, no shower or tub) as 0.5.',
  livingArea: 'Living area (square feet)',
  yearBuilt: 'Year built (optional)',
  name: 'Name shown on your listing',
  nameHint: 'Your first name is enough.',
  showEmail: 'Show my email address on the listing',
  email: 'Email address to show',
  showPhone: 'Show my phone number on the listing',
  phone: 'Phone number to show',
  remarks: 'Description',
  remarksHint:
    'What makes the home worth a visit: rooms, updates, the street and the neighborhood. Leave out phone numbers, email and web addresses.',
  features: 'Features',
  soldPrice: 'Sale price (US dollars)',
  soldOn: 'Date the sale closed',
} as const;

/** Every other text of the FSBO listing builder (issue 19); our own words. */
export const FSBO_LISTING_TEXTS = {
  title: 'Your free FSBO listing',
  saveDraft: 'Save draft',
  saveAndContinue: 'Save and continue',
  saveChanges: 'Save changes',
  draftSaved: 'Draft saved.',
  changesSaved: 'Saved. Your listing page shows the change now.',
  changesGoLive: 'Your listing is published: a change you save here shows on its page at once.',
  notOffered:
    'Free FSBO listings are not offered for this property. Check its address under Update Property, or ask us through Messages.',
  finishStepFirst: (step: TFsboListingStep) =>
    `Finish the ${FSBO_LISTING_STEP_LABELS[step]} step first.`,
  readOnly:
    'You can see this listing, but only participants who can edit the property can change it.',
  /** A save of a published listing must leave it complete. */
  publishedMustStayComplete:
    'Your listing is published, so every required field must stay filled in. Fill in the fields marked below, or unpublish the listing first.',
  fairHousingWarning: (phrase: string) =>
    `“${phrase}” may break fair-housing rules: describe the property, not who should live there. Consider rewording it before you publish.`,
  // Contact
  contactIntro:
    'Buyers reach you through us: they ask their questions on your listing page, we email them to you, and your answers go back the same way, so neither side sees the other’s address. Your email address and phone number appear on the page only if you choose to show them.',
  throughUs: 'Nothing shown: buyers reach you through the “Ask a question” form on your page.',
  // Photos
  photoRules: [
    'Show the home itself: no people, and no pets in the way.',
    'No phone numbers, email addresses or web addresses anywhere in a photo.',
    'No watermarks or other companies’ logos.',
    'The first photo is the primary one: make it the front of the home from outside.',
  ],
  // Review and publish
  previewTitle: 'Preview of your listing page',
  previewUnavailable:
    'The preview of your listing page is not available right now. Try again in a minute.',
  publish: 'Publish my listing',
  published: 'Your listing is published.',
  publishNeeds: 'Before you can publish:',
  needsStep: (step: TFsboListingStep) => `Finish the ${FSBO_LISTING_STEP_LABELS[step]} step.`,
  needsPhoto: 'Add at least one photo, and wait until it has been processed.',
  alreadyPublished: 'This listing is already published.',
  // Manage
  unpublish: 'Unpublish',
  republish: 'Publish again',
  notPublished: 'Publish the listing first.',
  unpublished: 'Your listing is not on the public pages now. You can publish it again at any time.',
  marketStatusSaved: 'Saved. Your listing page shows it now.',
  unchanged: 'Nothing to change: the listing already says that.',
} as const;
