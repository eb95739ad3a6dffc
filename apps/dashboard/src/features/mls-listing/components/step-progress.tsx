import {
  MLS_LISTING_PAGE_TEXTS,
  MLS_LISTING_STEP_LABELS,
  MLS_LISTING_STEPS,
  type TMlsListingStep,
} from '@lantern/contracts';
import { Link } from 'react-router';
import { isStepOpen, stepHref } from '../steps.ts';

export interface StepProgressProps {
  current: TMlsListingStep;
  completed: readonly TMlsListingStep[];
  property: string;
}

/**
 * Where the person is among the five steps: an ordered list, the current step marked with
 * aria-current="step", done steps saying so in words, and links only to steps already open.
 */
export function StepProgress({ current, completed, property }: StepProgressProps) {
  return (
    <nav aria-label={MLS_LISTING_PAGE_TEXTS.progressLabel} className="ds-steps">
      <ol>
        {MLS_LISTING_STEPS.map((step, index) => {
          const label = `${index + 1}. ${MLS_LISTING_STEP_LABELS[step]}`;
          const done = completed.includes(step);
          const isCurrent = step === current;
          const open = isStepOpen(step, completed);
          return (
            <li
              key={step}
              className="ds-steps__step"
              data-state={isCurrent ? 'current' : done ? 'done' : open ? 'open' : 'locked'}
              aria-current={isCurrent ? 'step' : undefined}
            >
              {open && !isCurrent ? (
                <Link to={stepHref(step, property)}>{label}</Link>
              ) : (
                <span>{label}</span>
              )}
              {done ? (
                <span className="ds-steps__state"> ({MLS_LISTING_PAGE_TEXTS.stepDone})</span>
              ) : null}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
