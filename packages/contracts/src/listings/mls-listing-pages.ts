import type { TMlsListingStep } from './mls-listing-steps.ts';

/**
 * What the dashboard's MLS listing pages say (issue 16, docs/decisions/031-mls-listing-builder.md
 * "Dashboard pages"). Our own words.
 */
export const MLS_LISTING_STEP_LABELS: Record<TMlsListingStep, string> = {
  location: 'Location',
  form: 'Listing details',
  services: 'Services',
  photos: 'Photos',
  payment: 'Payment',
};

export const MLS_LISTING_PAGE_TEXTS = {
  title: 'Build your MLS listing',
  buildLink: 'Build your listing',
  progressLabel: 'Listing steps',
  stepDone: 'Done',
  stepLocked: 'Opens when the steps before it are done',
  saveDraft: 'Save draft',
  saveAndContinue: 'Save and continue',
  draftSaved: 'Draft saved.',
  noOrder:
    'This property has no MLS listing order yet. Order the MLS listing first, then build it here.',
  commissions:
    'Commissions are negotiable and are not set by law. This form has no field for what a buyer’s agent is paid.',
  submitOncePaid:
    'Your listing can be submitted to the MLS once this invoice is paid; we never submit an unpaid listing.',
  photoRulesTitle: 'Photo rules',
  primaryPhoto: 'Primary photo',
} as const;

/** The remarks counter: "1,234 / 4,000". */
export function characterCountText(count: number, max: number): string {
  return `${count.toLocaleString('en-US')} / ${max.toLocaleString('en-US')}`;
}
