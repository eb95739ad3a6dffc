import {
  FSBO_LISTING_STEP_LABELS,
  FSBO_LISTING_STEPS,
  MLS_LISTING_PAGE_TEXTS,
  type TFsboListingStep,
} from '@lantern/contracts';
import { Link } from 'react-router';
import { fsboStepHref, isFsboStepOpen } from '../steps.ts';

/**
 * Where the seller is among the FSBO steps: an ordered list, the current step marked with
 * aria-current="step", done steps saying so in words, and links only to steps already open.
 */
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
    <nav aria-label={MLS_LISTING_PAGE_TEXTS.progressLabel} className="ds-steps">
      <ol>
        {FSBO_LISTING_STEPS.map((step, index) => {
          const label = `${index + 1}. ${FSBO_LISTING_STEP_LABELS[step]}`;
          const done = completed.includes(step);
          const isCurrent = step === current;
          const open = isFsboStepOpen(step, completed);
          return (
            <li
              key={step}
              className="ds-steps__step"
              data-state={isCurrent ? 'current' : done ? 'done' : open ? 'open' : 'locked'}
              aria-current={isCurrent ? 'step' : undefined}
            >
              {open && !isCurrent ? (
                <Link to={fsboStepHref(step, property)}>{label}</Link>
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
