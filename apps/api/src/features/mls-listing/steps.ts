import { MLS_LISTING_STEPS, type TMlsListingStep } from '@lantern/domain';

/**
 * Step order (issue 16): a step opens only when every step before it is done; steps may be
 * revisited. Pure, so the rules are tested without a database.
 */

/** The steps done, in step order, without repeats. */
export const inOrder = (steps: readonly TMlsListingStep[]): TMlsListingStep[] =>
  MLS_LISTING_STEPS.filter((s) => steps.includes(s));

/** The first step before `step` that is not done, or null when `step` is open. */
export function blockingStep(
  step: TMlsListingStep,
  done: readonly TMlsListingStep[],
): TMlsListingStep | null {
  const before = MLS_LISTING_STEPS.slice(0, MLS_LISTING_STEPS.indexOf(step));
  return before.find((s) => !done.includes(s)) ?? null;
}

/** Where "resume" goes: the first step not done; null when all are. */
export const nextStep = (done: readonly TMlsListingStep[]): TMlsListingStep | null =>
  MLS_LISTING_STEPS.find((s) => !done.includes(s)) ?? null;

export const withStep = (done: readonly TMlsListingStep[], step: TMlsListingStep) =>
  inOrder([...done, step]);

export const withoutStep = (done: readonly TMlsListingStep[], step: TMlsListingStep) =>
  inOrder(done.filter((s) => s !== step));
