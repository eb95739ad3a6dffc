import { FSBO_LISTING_STEPS, fsboBlockingStep, type TFsboListingStep } from '@lantern/domain';

/** A step is open when the ones before it are done (the server keeps the same rule). */
export const isFsboStepOpen = (step: TFsboListingStep, done: readonly TFsboListingStep[]) =>
  fsboBlockingStep(step, done) === null;

/** The step after this one (manage comes after review: publishing leads there). */
export const followingStep = (step: TFsboListingStep): TFsboListingStep | null =>
  FSBO_LISTING_STEPS[FSBO_LISTING_STEPS.indexOf(step) + 1] ?? null;

/** /dashboard/fsbo-listing/{step}?property={hash} */
export const fsboStepHref = (step: TFsboListingStep, property: string) =>
  `/dashboard/fsbo-listing/${step}?property=${encodeURIComponent(property)}`;
