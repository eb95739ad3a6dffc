import {
  MLS_LISTING_PAGE_TEXTS,
  MLS_LISTING_STEP_LABELS,
  MLS_LISTING_STEPS,
  type TMlsListingStep,
} from '@lantern/domain';
import { StepProgress as Steps } from '../../../components/step-progress.tsx';
import { isStepOpen, stepHref } from '../steps.ts';

export interface StepProgressProps {
  current: TMlsListingStep;
  completed: readonly TMlsListingStep[];
  property: string;
}

/** Where the person is among the MLS listing's steps. */
export function StepProgress({ current, completed, property }: StepProgressProps) {
  return (
    <Steps
      label={MLS_LISTING_PAGE_TEXTS.progressLabel}
      steps={MLS_LISTING_STEPS}
      labels={MLS_LISTING_STEP_LABELS}
      current={current}
      completed={completed}
      isOpen={isStepOpen}
      href={(step) => stepHref(step, property)}
      doneText={MLS_LISTING_PAGE_TEXTS.stepDone}
    />
  );
}
