import {
  FSBO_LISTING_STEP_LABELS,
  FSBO_LISTING_STEPS,
  MLS_LISTING_PAGE_TEXTS,
  type TFsboListingStep,
} from '@lantern/domain';
import { StepProgress } from '../../../components/step-progress.tsx';
import { fsboStepHref, isFsboStepOpen } from '../steps.ts';

/** Where the seller is among the FSBO steps. */
export function FsboStepProgress({
  current,
  completed,
  property,
}: {
  current: TFsboListingStep;
  completed: readonly TFsboListingStep[];
  property: string;
}) {
  return (
    <StepProgress
      label={MLS_LISTING_PAGE_TEXTS.progressLabel}
      steps={FSBO_LISTING_STEPS}
      labels={FSBO_LISTING_STEP_LABELS}
      current={current}
      completed={completed}
      isOpen={isFsboStepOpen}
      href={(step) => fsboStepHref(step, property)}
      doneText={MLS_LISTING_PAGE_TEXTS.stepDone}
    />
  );
}
