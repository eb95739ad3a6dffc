import { FSBO_LISTING_STEPS, type TFsboListingStep } from './fsbo-listing-steps.ts';

/**
 * Which FSBO steps are done and open (issue 19), for the API and the dashboard alike. Basics,
 * contact and describe are stored as done when saved complete; media is done while a photo is
 * ready; review once the listing has been published. Each step up to review opens when every
 * step before it is done; manage opens once the listing has been published.
 */

/** The steps stored as done when saved complete. */
export const FSBO_STORED_STEPS = ['basics', 'contact', 'describe'] as const;
/** What must be done to publish. */
export const FSBO_PUBLISH_STEPS = ['basics', 'contact', 'describe', 'media'] as const;

export interface FsboStepState {
  /** Stored steps (the rest are ignored). */
  saved: readonly TFsboListingStep[];
  readyPhotos: number;
  /** Published now or before (status published or unpublished). */
  everPublished: boolean;
}

/** The steps done, in step order. */
export function fsboStepsDone(state: FsboStepState): TFsboListingStep[] {
  const done = new Set<TFsboListingStep>(
    state.saved.filter((s) => (FSBO_STORED_STEPS as readonly string[]).includes(s)),
  );
  if (state.readyPhotos > 0) done.add('media');
  if (state.everPublished) done.add('review');
  return FSBO_LISTING_STEPS.filter((s) => done.has(s));
}

/** The first step before `step` that is not done, or null when `step` is open. */
export function fsboBlockingStep(
  step: TFsboListingStep,
  done: readonly TFsboListingStep[],
): TFsboListingStep | null {
  if (step === 'manage') return done.includes('review') ? null : 'review';
  for (const before of FSBO_LISTING_STEPS) {
    if (before === step) return null;
    if (!done.includes(before)) return before;
  }
  return null;
}

/** Where "resume" goes: manage once published, else the first step not done. */
export function fsboNextStep(done: readonly TFsboListingStep[]): TFsboListingStep {
  if (done.includes('review')) return 'manage';
  return FSBO_LISTING_STEPS.find((s) => !done.includes(s)) ?? 'review';
}

/** The steps still missing before the listing may be published. */
export function fsboPublishMissing(
  done: readonly TFsboListingStep[],
): (typeof FSBO_PUBLISH_STEPS)[number][] {
  return FSBO_PUBLISH_STEPS.filter((s) => !done.includes(s));
}
