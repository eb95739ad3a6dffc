import { MLS_LISTING_STEPS, type TMlsListingStep } from '@lantern/domain';

/**
 * A step opens when every step before it has been saved at least once (issue 16: "resumable";
 * the server keeps the same rule for its writes).
 */
export function isStepOpen(step: TMlsListingStep, completed: readonly TMlsListingStep[]): boolean {
  const index = MLS_LISTING_STEPS.indexOf(step);
  return MLS_LISTING_STEPS.slice(0, index).every((before) => completed.includes(before));
}

/** Where a person resumes: the first step not yet done (manage, where a live listing stays, last). */
export function firstUnfinishedStep(completed: readonly TMlsListingStep[]): TMlsListingStep {
  return MLS_LISTING_STEPS.find((step) => !completed.includes(step)) ?? 'manage';
}

export function nextStep(step: TMlsListingStep): TMlsListingStep | null {
  return MLS_LISTING_STEPS[MLS_LISTING_STEPS.indexOf(step) + 1] ?? null;
}

/** /dashboard/mls-listing/{step}?property={hash} */
export function stepHref(step: TMlsListingStep, property: string): string {
  return `/dashboard/mls-listing/${step}?property=${encodeURIComponent(property)}`;
}
